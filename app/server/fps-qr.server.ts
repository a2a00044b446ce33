/**
 * The FPS QR code a payer scans, drawn here as SVG like the order prints' codes (uqr, pure JS). Error correction M
 * (uqr's default is L) keeps it readable off a screen with some glare or a scratch; the border is the 4-module
 * quiet zone that ISO/IEC 18004 asks for, so the code reads wherever the page puts it.
 */
import type { QrCodeGenerateOptions } from "uqr";
import { qrSvg } from "./qr.server";

export const FPS_QR_OPTIONS = { ecc: "M", border: 4 } as const satisfies QrCodeGenerateOptions;

/** The payload's QR code as an SVG image named by `label` for screen readers ("FPS QR code, HK$120.50"). */
export const fpsQrSvg = (payload: string, label: string) => qrSvg(payload, label, "fps-qr", FPS_QR_OPTIONS);

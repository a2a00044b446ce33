/** QR codes drawn on the server as SVG (uqr, pure JS), so no page ships a QR code library. */
import { renderSVG, type QrCodeGenerateSvgOptions } from "uqr";

const escapeAttribute = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** The QR code of `text` as an SVG document fragment, an image named by `label` for screen readers. */
export function qrSvg(
  text: string,
  label: string,
  className = "print-qr",
  options: QrCodeGenerateSvgOptions = { border: 1 },
): string {
  return renderSVG(text, options).replace(
    /^<svg /,
    `<svg role="img" aria-label="${escapeAttribute(label)}" class="${className}" `,
  );
}

import type { TwoStepEnrolment } from "#contract/actions";
import { qrSvg } from "./qr.server";

/** What the enrolment shows: the otpauth:// URI as a QR code drawn here (no script), and the key in groups of four. */
export const enrolmentView = (enrolment: TwoStepEnrolment, qrLabel: string) => ({
  qr: qrSvg(enrolment.uri, qrLabel, "two-step-qr"),
  key: enrolment.secret.replace(/(.{4})(?=.)/g, "$1 "),
});

import type { TFunction } from "i18next";
import { translateMessage } from "./messages";

/** The upload failed for a reason other than the file itself (the connection, the server). */
export const UPLOAD_FAILED = "upload-fail";

/** An upload error key as the user reads it: the file rules' messages, else the spec's "fail" message. */
export function translateUploadError(t: TFunction<"upload">, error: string): string {
  return error === UPLOAD_FAILED ? t("fail") : translateMessage(t, error);
}

/** Without JS, an image's "remove" tick box posts its field's name under this name. */
export const REMOVE_UPLOAD_FIELD = "remove-upload";

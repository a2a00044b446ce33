import * as z from "zod";
import { whileValid } from "../../contract/field-rules";
import type { Examples } from "../../contract/examples";
import { MODULE_IDS } from "../../contract/modules";
import { applicationKey } from "../../contract/parts";
import { UPLOAD_SETS, type UploadSet } from "../../contract/upload-rules";

/**
 * The upload action (spec §7 `{hash}`). Its name is configurable: change it here and both the
 * backend and the BFF follow.
 */
export const UPLOAD_ACTION = "upload_file_by_application_key";

/**
 * The spec's upload fields. They travel as their own multipart fields beside the action field,
 * whose JSON carries only application_key.
 */
export const UPLOAD_FIELDS = ["file_name", "base64", "file_type"] as const;

export const UPLOAD_STATUS = "file uploaded and optimized";

/** Where stored files are served: /uploads/<application_key>/<sha-256 of the bytes>.<ext>. */
export const UPLOADED_FILE_URL = /^\/uploads\/[^/]+\/[0-9a-f]{64}\.[a-z0-9]+$/;

/** A field holding the URL of a file uploaded to this back office: "force-input" when none, "invalid-file" otherwise. */
export const uploadedFileUrl = () =>
  z
    .string({ error: "force-input" })
    .trim()
    .min(1, { error: "force-input" })
    .regex(UPLOADED_FILE_URL, { error: "invalid-file", ...whileValid });

export const UPLOAD_SET_NAMES = Object.keys(UPLOAD_SETS) as [UploadSet, ...UploadSet[]];

export const uploadPayloads = {
  [UPLOAD_ACTION]: z.object({
    application_key: applicationKey,
    /** Sent empty (spec §3): the stored name is the content hash. */
    file_name: z.literal("").default(""),
    /** The file as a data URL: `data:<mime>;base64,<bytes>`. */
    base64: z.string(),
    /** The accepted set of the field the file is for (spec §5: image, video, image with gif, image with pdf). */
    file_type: z.enum(UPLOAD_SET_NAMES),
    /** The module whose form the file is for: uploading needs that module's write permission. */
    module: z.enum(MODULE_IDS),
  }),
};

export interface UploadedFile {
  status: typeof UPLOAD_STATUS;
  /** The file's URL, /uploads/<application_key>/<hash>.<ext>. */
  filename: string;
}

export interface UploadResults {
  [UPLOAD_ACTION]: UploadedFile[];
}

/** A 1×1 transparent PNG. */
const EXAMPLE_PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

export const uploadExamples: Examples<typeof uploadPayloads> = {
  [UPLOAD_ACTION]: ({ application_key }) => ({
    application_key,
    base64: EXAMPLE_PNG,
    file_type: "image",
    module: "product",
  }),
};

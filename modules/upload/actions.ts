import { inArray } from "drizzle-orm";
import { withValue } from "../../contract/messages";
import { checkUpload, DEFAULT_MAX_UPLOAD_MB, MIME_TYPES, UPLOAD_SETS } from "../../contract/upload-rules";
import { UPLOAD_ACTION, UPLOAD_STATUS } from "./contract";
import type { StoreScope } from "../../backend/db/scope";
import { uploads } from "../../backend/db/schema";
import { ActionError } from "../../backend/errors";
import { defineAction } from "../../backend/registry";

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+);base64,([A-Za-z0-9+/]*={0,2})$/;
const EXTENSION_OF_MIME = new Map(Object.entries(MIME_TYPES).map(([ext, mime]) => [mime, ext]));

function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The upload rules again, whatever the BFF checked: the declared type must be accepted and match
 * the magic bytes, and the size stays within the default limit. Only the head is decoded until then.
 */
function checkDataUrl(dataUrl: string, accept: keyof typeof UPLOAD_SETS) {
  const match = DATA_URL.exec(dataUrl);
  if (!match || match[2].length % 4 !== 0) throw new ActionError(400, "invalid-file");
  const [, mime, base64] = match;
  const ext = EXTENSION_OF_MIME.get(mime);
  if (!ext) throw new ActionError(400, withValue("accept-types-only", UPLOAD_SETS[accept].join(", ")));
  const size = (base64.length / 4) * 3 - (base64.match(/=*$/)?.[0].length ?? 0);
  const head = decodeBase64(base64.slice(0, 24));
  const checked = checkUpload({ name: `upload.${ext}`, size, bytes: head }, { accept, maxMb: DEFAULT_MAX_UPLOAD_MB });
  if (!checked.ok) throw new ActionError(400, checked.error as ActionError["messageKey"]);
  return { ...checked, bytes: decodeBase64(base64) };
}

/** Which of a form's file URLs (blanks skipped) are this store's uploads, for the form action's reads. */
export const uploadsOf = (store: StoreScope, urls: (string | null | undefined)[]) =>
  store.selectFields(
    uploads,
    { objectKey: uploads.objectKey },
    inArray(uploads.objectKey, ["", ...urls.flatMap((url) => (url ? [url.slice(1)] : []))]),
  );

/**
 * Refuses each file URL (by its field) that is not an upload of this store, as field errors; for every
 * form that stores an uploaded file's URL.
 */
export function requireOwnUploads(files: Record<string, string | null | undefined>, own: { objectKey: string }[]) {
  const keys = new Set(own.map((upload) => `/${upload.objectKey}`));
  const fields = Object.fromEntries(
    Object.entries(files).flatMap(([field, url]) => (url && !keys.has(url) ? [[field, ["invalid-file"]]] : [])),
  );
  if (Object.keys(fields).length > 0) throw new ActionError(400, "invalid-payload", fields);
}

/**
 * Checks a data URL against the upload rules and puts its file in R2, stored by content hash so the same
 * file uploaded twice is one object and one row. Returns its URL and the row's insert, for the caller's batch.
 */
export async function storeUpload(
  env: { UPLOADS: R2Bucket },
  store: StoreScope,
  dataUrl: string,
  accept: keyof typeof UPLOAD_SETS,
) {
  const file = checkDataUrl(dataUrl, accept);
  const objectKey = `uploads/${store.applicationKey}/${await sha256Hex(file.bytes)}.${file.ext}`;
  await env.UPLOADS.put(objectKey, file.bytes, { httpMetadata: { contentType: file.mime } });
  return {
    url: `/${objectKey}`,
    statement: store
      .insert(uploads, [{ objectKey, contentType: file.mime, size: file.bytes.length }])
      .onConflictDoNothing({ target: uploads.objectKey }),
  };
}

export const uploadActions = [
  defineAction(UPLOAD_ACTION, "store:payload-module", async ({ base64, file_type }, { env, store }) => {
    const { url, statement } = await storeUpload(env, store, base64, file_type);
    await statement;
    return [{ status: UPLOAD_STATUS, filename: url }];
  }),
];

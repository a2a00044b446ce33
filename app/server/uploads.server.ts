import type { AppLoadContext } from "@remix-run/cloudflare";
import { checkUpload, DEFAULT_MAX_UPLOAD_MB, type UploadSet } from "#contract/upload-rules";
import type { ModuleId } from "#contract/modules";
import { UPLOAD_ACTION } from "#modules/upload/contract";
import { ActionFailure, type ActionClient } from "./action-client.server";
import { REMOVE_UPLOAD_FIELD, UPLOAD_FAILED } from "~/utils/uploads";

/** What a file field accepts: one of the spec's sets, up to `maxMb` megabytes (8 unless said). */
export interface UploadRule {
  accept: UploadSet;
  maxMb?: number;
}

/**
 * Where a file goes: the staging bucket, then the upload action of the store being managed, for a
 * form of `module` (the backend asks for that module's write permission).
 */
export interface UploadTarget {
  bucket: R2Bucket;
  client: ActionClient;
  applicationKey: string;
  module: ModuleId;
}

/** A store page's target: the staging bucket and the client of the signed-in user. */
export function uploadTarget(
  context: AppLoadContext,
  { client, store }: { client: ActionClient; store: { applicationKey: string } },
  module: ModuleId,
): UploadTarget {
  return { bucket: context.stagingBucket, client, applicationKey: store.applicationKey, module };
}

export type UploadOutcome = { ok: true; url: string } | { ok: false; error: string };

const HEAD_BYTES = 16;

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return btoa(binary);
}

/** The first bytes of a staged file, where its type shows. */
async function readHead(bucket: R2Bucket, key: string, size: number): Promise<Uint8Array> {
  if (size === 0) return new Uint8Array();
  const head = await bucket.get(key, { range: { offset: 0, length: Math.min(HEAD_BYTES, size) } });
  return new Uint8Array((await head?.arrayBuffer()) ?? new ArrayBuffer(0));
}

/**
 * Every file field's upload: the file is streamed into R2 under staging/, checked there (name,
 * magic bytes, size against the field's limit), handed to the upload action as a data URL, and
 * the staged copy deleted. The answer is the stored file's URL or an error key.
 */
export async function uploadFile(file: File, rule: UploadRule, target: UploadTarget): Promise<UploadOutcome> {
  const key = `staging/${crypto.randomUUID()}`;
  try {
    const staged = await target.bucket.put(key, file);
    if (!staged) return { ok: false, error: UPLOAD_FAILED };
    const checked = checkUpload(
      { name: file.name, size: staged.size, bytes: await readHead(target.bucket, key, staged.size) },
      { accept: rule.accept, maxMb: rule.maxMb ?? DEFAULT_MAX_UPLOAD_MB },
    );
    if (!checked.ok) return checked;

    const whole = await target.bucket.get(key);
    if (!whole) return { ok: false, error: UPLOAD_FAILED };
    const { data } = await target.client[UPLOAD_ACTION]({
      application_key: target.applicationKey,
      file_name: "",
      base64: `data:${checked.mime};base64,${toBase64(new Uint8Array(await whole.arrayBuffer()))}`,
      file_type: rule.accept,
      module: target.module,
    });
    return { ok: true, url: data[0].filename };
  } catch (error) {
    if (!(error instanceof ActionFailure)) throw error;
    // The backend's verdict on the file is shown as such; any other refusal is an upload failure.
    return { ok: false, error: error.status === 400 ? error.messageKey : UPLOAD_FAILED };
  } finally {
    await target.bucket.delete(key);
  }
}

/** The files chosen in a file input; browsers post an empty, nameless file when none is chosen. */
export function chosenFiles(values: FormDataEntryValue[]): File[] {
  return values.filter((value): value is File => typeof value !== "string" && (value.name !== "" || value.size > 0));
}

const chosenFile = (values: FormDataEntryValue[]): File | undefined => chosenFiles(values)[0];

/**
 * A chosen file as the data URL that a public action takes (no store's upload action serves a customer),
 * after the upload rules (name, magic bytes, size); else the rule's error key.
 */
export async function fileAsDataUrl(
  file: File,
  rule: UploadRule,
): Promise<{ ok: true; dataUrl: string } | { ok: false; error: string }> {
  const checked = checkUpload(
    { name: file.name, size: file.size, bytes: new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer()) },
    { accept: rule.accept, maxMb: rule.maxMb ?? DEFAULT_MAX_UPLOAD_MB },
  );
  if (!checked.ok) return checked;
  return { ok: true, dataUrl: `data:${checked.mime};base64,${toBase64(new Uint8Array(await file.arrayBuffer()))}` };
}

/**
 * A page's multipart form with JS off: each file field's chosen file is uploaded and the field
 * becomes its URL; with no file chosen the field keeps the URL it had (its hidden input), unless
 * its "remove" box is ticked. Returns
 * the fields' upload errors, or undefined when there are none.
 */
export async function replaceFilesWithUploads(
  formData: FormData,
  rules: Record<string, UploadRule>,
  target: UploadTarget,
): Promise<Record<string, string[]> | undefined> {
  const errors: Record<string, string[]> = {};
  const removed = formData.getAll(REMOVE_UPLOAD_FIELD);
  formData.delete(REMOVE_UPLOAD_FIELD);
  for (const [field, rule] of Object.entries(rules)) {
    const values = formData.getAll(field);
    const file = chosenFile(values);
    const outcome = file ? await uploadFile(file, rule, target) : undefined;
    if (outcome && !outcome.ok) errors[field] = [outcome.error];
    // The hidden input's URL unless its "remove" box is ticked; a file input left empty may arrive as
    // an empty string as well. An empty field stays (as "") so a form sent back with errors keeps
    // all of its upload slots.
    const kept = removed.includes(field)
      ? undefined
      : values.find((value) => typeof value === "string" && value !== "");
    const url = outcome?.ok ? outcome.url : kept;
    formData.set(field, url ?? "");
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}

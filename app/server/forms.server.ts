import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "@remix-run/cloudflare";
import type * as z from "zod";
import { ActionFailure } from "./action-client.server";
import { redirectWithToast, refusalToast } from "./auth.server";
import { replaceFilesWithUploads, type UploadRule, type UploadTarget } from "./uploads.server";

interface ReplyOptions {
  /** Fields never sent back to the browser (passwords). */
  hideFields?: string[];
}

/**
 * The form sent back after the backend refused it: its field errors under their fields, else its
 * message key as the form's error. Anything that is not a refusal is thrown on.
 */
export function replyWithFailure(submission: Submission<unknown>, error: unknown, options: ReplyOptions = {}) {
  if (!(error instanceof ActionFailure)) throw error;
  return submission.reply({
    formErrors: error.fields ? [] : [error.messageKey],
    fieldErrors: error.fields,
    hideFields: options.hideFields,
  });
}

export type Submitted<Value> = { saved: true; value: Value } | { saved: false; reply: SubmissionResult<string[]> };

interface SubmitOptions<Schema> extends ReplyOptions {
  uploads?: { rules: Record<string, UploadRule>; target: UploadTarget };
  /**
   * The schema with the rules that need the backend's data too (a supplier's products), read only for a
   * form its own rules refused, so that reply shows every error at once (the backend checks them anyway).
   */
  recheckWith?: () => Promise<Schema>;
}

/**
 * A posted form: its files through the upload pipeline first, then its schema (the contract's rules),
 * then `save` with the valid values. When the form or the backend refuses it, `reply` sends the form
 * back with its errors beside the fields and what the user typed (and uploaded) kept.
 */
export async function submitForm<Schema extends z.ZodType>(
  formData: FormData,
  schema: Schema,
  save: (value: z.output<Schema>) => Promise<unknown>,
  options: SubmitOptions<Schema> = {},
): Promise<Submitted<z.output<Schema>>> {
  const { uploads, hideFields, recheckWith } = options;
  const uploadErrors = uploads && (await replaceFilesWithUploads(formData, uploads.rules, uploads.target));
  let submission = parseWithZod(formData, { schema });
  if (submission.status === "error" && recheckWith)
    submission = parseWithZod(formData, { schema: await recheckWith() });
  if (submission.status !== "success" || uploadErrors) {
    return { saved: false, reply: submission.reply({ fieldErrors: uploadErrors, hideFields }) };
  }
  try {
    await save(submission.value);
  } catch (error) {
    return { saved: false, reply: replyWithFailure(submission, error, { hideFields }) };
  }
  return { saved: true, value: submission.value };
}

/**
 * A record page's delete step: the backend deletes, then the list shows `deleted` as a toast; a
 * refusal (e.g. 404, 409) comes back to the record page as an error toast.
 */
export async function deleteThenRedirect(
  request: Request,
  context: AppLoadContext,
  remove: () => Promise<unknown>,
  done: { listUrl: string; deleted: string },
) {
  try {
    await remove();
  } catch (error) {
    if (!(error instanceof ActionFailure)) throw error;
    const toast = refusalToast(error.messageKey);
    return redirectWithToast(new URL(request.url).pathname, toast, request, context);
  }
  return redirectWithToast(done.listUrl, { tone: "success", message: done.deleted }, request, context);
}

/**
 * A backend call whose field errors name list items as the wire does (`lines.0.quantity`), renamed as
 * conform names the form's fields (`lines[0].quantity`), so each error shows beside its line.
 */
export async function withListFieldNames<T>(call: Promise<T>): Promise<T> {
  return call.catch((error: unknown) => {
    if (!(error instanceof ActionFailure) || !error.fields) throw error;
    const fields = Object.fromEntries(
      Object.entries(error.fields).map(([name, messages]) => [name.replace(/\.(\d+)(?=\.|$)/g, "[$1]"), messages]),
    );
    throw new ActionFailure(error.status, error.messageKey, fields);
  });
}

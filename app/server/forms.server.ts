import type { Submission } from "@conform-to/react";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { ActionFailure } from "./action-client.server";
import { redirectWithToast } from "./auth.server";

/**
 * The form sent back after the backend refused it: its field errors under their fields, else its
 * message key as the form's error. Anything that is not a refusal is thrown on.
 */
export function replyWithFailure(
  submission: Submission<unknown>,
  error: unknown,
  options: { hideFields?: string[] } = {},
) {
  if (!(error instanceof ActionFailure)) throw error;
  return submission.reply({
    formErrors: error.fields ? [] : [error.messageKey],
    fieldErrors: error.fields,
    hideFields: options.hideFields,
  });
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
    const toast = { tone: "error", message: `message:${error.messageKey}` } as const;
    return redirectWithToast(new URL(request.url).pathname, toast, request, context);
  }
  return redirectWithToast(done.listUrl, { tone: "success", message: done.deleted }, request, context);
}

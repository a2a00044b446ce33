import type { Submission } from "@conform-to/react";
import { ActionFailure } from "~/server/action-client.server";

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

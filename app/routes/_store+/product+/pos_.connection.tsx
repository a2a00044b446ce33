import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import * as z from "zod";
import { offlinePeriod } from "#modules/pos/contract";
import { ActionFailure } from "~/server/action-client.server";
import { requireStore } from "~/server/auth.server";
import { requireCan } from "~/server/permissions.server";

type Read = { value: z.output<typeof offlinePeriod> } | { fields: Record<string, string[] | null | undefined> };

/** The report as JSON (the page's script) or as form fields (conform turns their digits into numbers). */
async function readReport(request: Request): Promise<Read> {
  if (request.headers.get("Content-Type")?.startsWith("application/json")) {
    const parsed = offlinePeriod.safeParse(await request.json().catch(() => null));
    return parsed.success ? { value: parsed.data } : { fields: z.flattenError(parsed.error).fieldErrors };
  }
  const submission = parseWithZod(await request.formData(), { schema: offlinePeriod });
  return submission.status === "success" ? { value: submission.value } : { fields: submission.error ?? {} };
}

/**
 * The POS page's report of a time offline, posted by its script once the device is back online (issue 39): the
 * staff log's entry. Answers `{ ok: true }`, or `{ ok: false, message, fields? }` with the refusal's status.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "pos:write");
  const report = await readReport(request);
  if (!("value" in report)) {
    return Response.json({ ok: false, message: "format-not-match", fields: report.fields }, { status: 400 });
  }
  return client.add_pos_connection_log_data({ application_key: store.applicationKey, ...report.value }).then(
    () => Response.json({ ok: true }),
    (error: unknown) => {
      if (!(error instanceof ActionFailure)) throw error;
      const { status, messageKey: message, fields } = error;
      return Response.json({ ok: false, message, ...(fields ? { fields } : {}) }, { status });
    },
  );
}

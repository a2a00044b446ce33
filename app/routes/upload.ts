import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import * as z from "zod";
import { DEFAULT_MAX_UPLOAD_MB } from "#contract/upload-rules";
import { UPLOAD_SET_NAMES } from "#modules/upload/contract";
import { isModuleId } from "#contract/modules";
import { requireStore } from "~/server/auth.server";
import { requireCan } from "~/server/permissions.server";
import { uploadFile, uploadTarget } from "~/server/uploads.server";

const ruleSchema = z.object({
  accept: z.enum(UPLOAD_SET_NAMES),
  // A field may only lower the limit: the backend refuses anything above the default.
  max_mb: z.coerce.number().int().min(1).max(DEFAULT_MAX_UPLOAD_MB).default(DEFAULT_MAX_UPLOAD_MB),
});

export const loader = () => redirect("/");

/**
 * A file field's upload with JS on: one file in, `{url}` or `{error}` (a message key) out. The form's
 * module is in the URL (`/upload?module=product`), so its write permission is checked before the body
 * is read.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireStore(request, context);
  const module = new URL(request.url).searchParams.get("module") ?? "";
  if (!isModuleId(module)) return Response.json({ error: "invalid-file" }, { status: 400 });
  requireCan(access.user, `${module}:write`);
  const form = await request.formData();
  const file = form.get("file");
  const rule = ruleSchema.safeParse({ accept: form.get("accept"), max_mb: form.get("max_mb") ?? undefined });
  if (!rule.success || !(file instanceof File)) return Response.json({ error: "invalid-file" }, { status: 400 });
  const outcome = await uploadFile(
    file,
    { accept: rule.data.accept, maxMb: rule.data.max_mb },
    uploadTarget(context, access, module),
  );
  return outcome.ok ? Response.json({ url: outcome.url }) : Response.json({ error: outcome.error }, { status: 400 });
}

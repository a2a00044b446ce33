import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { canWrite, redirectWithToast, requireStore } from "~/auth.server";
import { CATEGORY_UPLOADS, CategoryForm, categorySchema } from "~/components/category-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { uploadTarget, replaceFilesWithUploads } from "~/uploads.server";
import { replyWithFailure } from "~/utils/forms.server";
import { titleMeta } from "~/utils/meta";

export const handle = { i18n: ["categories"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireStore(request, context, "category");
  if (!canWrite(user, "category")) throw new Response("forbidden", { status: 403, statusText: "Forbidden" });
  return { title: context.t("categories:title.add") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { store, client } = await requireStore(request, context, "category");
  const formData = await request.formData();
  const uploadErrors = await replaceFilesWithUploads(
    formData,
    CATEGORY_UPLOADS,
    uploadTarget(context, { client, store }),
  );
  const submission = parseWithZod(formData, { schema: categorySchema });
  if (submission.status !== "success" || uploadErrors) return submission.reply({ fieldErrors: uploadErrors });
  try {
    await client.add_category_data({ ...submission.value, application_key: store.applicationKey });
  } catch (error) {
    return replyWithFailure(submission, error);
  }
  return redirectWithToast("/product/category", { tone: "success", message: "common:form.saved" }, request, context);
}

export default function AddCategory() {
  const { title } = useLoaderData<typeof loader>();
  return <CategoryForm title={title} lastResult={useActionData<typeof action>()} defaultValue={{ sort_order: "0" }} />;
}

export const ErrorBoundary = GeneralErrorBoundary;

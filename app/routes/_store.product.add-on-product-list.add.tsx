import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { redirectWithToast, requireStore } from "~/auth.server";
import { ADD_ON_UPLOADS, AddOnForm, addOnPayload, addOnSchema } from "~/components/add-on-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { replaceFilesWithUploads, uploadTarget } from "~/uploads.server";
import { replyWithFailure } from "~/utils/forms.server";
import { titleMeta } from "~/utils/meta";
import { requireWrite } from "~/utils/permissions.server";

const LIST_URL = "/product/add-on-product-list";

export const handle = { i18n: ["addons"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireStore(request, context, "add_on_product");
  requireWrite(user, "add_on_product");
  return { title: context.t("addons:title.add") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context, "add_on_product");
  requireWrite(user, "add_on_product");
  const formData = await request.formData();
  const uploadErrors = await replaceFilesWithUploads(
    formData,
    ADD_ON_UPLOADS,
    uploadTarget(context, { client, store }),
  );
  const submission = parseWithZod(formData, { schema: addOnSchema });
  if (submission.status !== "success" || uploadErrors) return submission.reply({ fieldErrors: uploadErrors });
  try {
    await client.add_add_on_product_data({ application_key: store.applicationKey, ...addOnPayload(submission.value) });
  } catch (error) {
    return replyWithFailure(submission, error);
  }
  return redirectWithToast(LIST_URL, { tone: "success", message: "common:form.saved" }, request, context);
}

export default function AddAddOnProduct() {
  const { t } = useTranslation(["addons", "common"]);
  const { title } = useLoaderData<typeof loader>();
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <AddOnForm lastResult={useActionData<typeof action>()} defaultValue={{ publish: true }} />
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { requireCan } from "~/server/permissions.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LIST_URL, NEW_PRODUCT_VALUES, PRODUCT_UPLOADS, ProductFields, productFormSchema } from "./__product-form";
import { productChoices } from "./__product-choices.server";
import { replaceFilesWithUploads, uploadTarget } from "~/server/uploads.server";
import { SaveForm } from "~/components/save-form";
import { useZodForm } from "~/utils/forms";
import { replyWithFailure } from "~/server/forms.server";
import { titleMeta } from "~/utils/meta";

export const handle = { i18n: ["products"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "product:write");
  return {
    title: context.t("products:title.add"),
    hasVip: Boolean(store.plan?.hasVip),
    choices: await productChoices(client, store.applicationKey, context),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "product:write");
  const formData = await request.formData();
  const uploadErrors = await replaceFilesWithUploads(
    formData,
    PRODUCT_UPLOADS,
    uploadTarget(context, { client, store }),
  );
  const submission = parseWithZod(formData, { schema: productFormSchema });
  if (submission.status !== "success" || uploadErrors) return submission.reply({ fieldErrors: uploadErrors });
  try {
    await client.add_product_data({ application_key: store.applicationKey, ...submission.value });
  } catch (error) {
    return replyWithFailure(submission, error);
  }
  return redirectWithToast(
    `${LIST_URL}/detail/${encodeURIComponent(submission.value.product_code)}`,
    { tone: "success", message: "products:created" },
    request,
    context,
    { recheck: true },
  );
}

export default function AddProduct() {
  const { t } = useTranslation(["products", "common"]);
  const { title, hasVip, choices } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(productFormSchema, useActionData<typeof action>(), NEW_PRODUCT_VALUES);
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <SaveForm form={form} encType="multipart/form-data">
        <ProductFields
          fields={fields}
          imageSlots={fields.images.getFieldList()}
          isNew
          hasVip={hasVip}
          profit={null}
          choices={choices}
        />
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

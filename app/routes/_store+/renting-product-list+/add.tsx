import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { submitForm } from "~/server/forms.server";
import { requireCan } from "~/server/permissions.server";
import { uploadTarget } from "~/server/uploads.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import {
  NEW_PRODUCT_VALUES,
  PRODUCT_LIST_URL,
  ProductFields,
  productFormSchema,
  productUrl,
  RENTING_UPLOADS,
} from "./__product-form";

export const handle: RouteHandle = { i18n: ["renting"], parent: PRODUCT_LIST_URL };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireStore(request, context);
  requireCan(user, "renting:write");
  return { title: context.t("renting:title.add-product") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "renting:write");
  let addedId = 0;
  const submitted = await submitForm(
    await request.formData(),
    productFormSchema,
    async (value) => {
      const { data } = await client.add_renting_product_data({ application_key: store.applicationKey, ...value });
      addedId = data.id;
    },
    { uploads: { rules: RENTING_UPLOADS, target: uploadTarget(context, { client, store }, "renting") } },
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(productUrl(addedId), { tone: "success", message: "common:form.saved" }, request, context);
}

export default function AddRentingProduct() {
  const { t } = useTranslation(["renting", "common"]);
  const { title } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(productFormSchema, useActionData<typeof action>(), NEW_PRODUCT_VALUES);
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: PRODUCT_LIST_URL }}>
      <SaveForm form={form} encType="multipart/form-data">
        <ProductFields fields={fields} imageSlots={fields.images.getFieldList()} />
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

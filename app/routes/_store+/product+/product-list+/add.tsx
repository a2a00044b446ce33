import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { requireCan } from "~/server/permissions.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LIST_URL, NEW_PRODUCT_VALUES, PRODUCT_UPLOADS, ProductFields, productFormSchema } from "./__product-form";
import { productChoices } from "./__product-choices.server";
import { replyToProductStep } from "./__product-steps.server";
import { isProductStep, productStepOf, STEP_FIELD } from "./__product-variants";
import { uploadTarget } from "~/server/uploads.server";
import { SaveForm } from "~/components/save-form";
import { useZodForm } from "~/utils/forms";
import { submitForm, withListFieldNames } from "~/server/forms.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";

export const handle: RouteHandle = { i18n: ["product"], parent: "/product/product-list" };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "product:write");
  return {
    title: context.t("product:title.add"),
    hasVip: Boolean(store.plan?.hasVip),
    choices: await productChoices(client, store.applicationKey, context),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "product:write");
  const formData = await request.formData();
  const uploads = { rules: PRODUCT_UPLOADS, target: uploadTarget(context, { client, store }, "product") };
  const step = productStepOf(formData.get(STEP_FIELD));
  if (step) return replyToProductStep(formData, step, uploads);
  const submitted = await submitForm(
    formData,
    productFormSchema,
    (value) => withListFieldNames(client.add_product_data({ application_key: store.applicationKey, ...value })),
    { uploads },
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(
    `${LIST_URL}/detail/${encodeURIComponent(submitted.value.product_code)}`,
    { tone: "success", message: "product:created" },
    request,
    context,
    { recheck: true },
  );
}

export default function AddProduct() {
  const { t } = useTranslation(["product", "common"]);
  const { title, hasVip, choices } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(productFormSchema, useActionData<typeof action>(), NEW_PRODUCT_VALUES, {
    isStep: isProductStep,
  });
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <SaveForm saveBar form={form} encType="multipart/form-data">
        <ProductFields
          fields={fields}
          imageSlots={fields.images.getFieldList()}
          variantFields={fields}
          formId={form.id}
          savedStock={{}}
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

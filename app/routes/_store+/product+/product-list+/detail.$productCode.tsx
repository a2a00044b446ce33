import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { localizedName } from "#contract/localized";
import { formatHkd } from "#contract/money";
import { DELETE_INTENT, DeletableRecord, isConfirmingDelete } from "~/components/delete-record";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageLinks } from "~/components/page-links";
import { SaveForm } from "~/components/save-form";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { deleteThenRedirect, submitForm, withListFieldNames } from "~/server/forms.server";
import { can, requireCan } from "~/server/permissions.server";
import { uploadTarget } from "~/server/uploads.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { productChoices } from "./__product-choices.server";
import {
  editProductFormSchema,
  LIST_URL,
  PRODUCT_UPLOADS,
  ProductFields,
  productFormValues,
  savedVariantStock,
} from "./__product-form";
import { replyToProductStep } from "./__product-steps.server";
import { StockByLocation, variantLevels } from "./__stock-by-location";
import { isProductStep, productStepOf, STEP_FIELD } from "./__product-variants";

export const handle: RouteHandle = { i18n: ["product"], parent: "/product/product-list" };
export const meta = titleMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "product:read");
  const key = { application_key: store.applicationKey, product_code: params.productCode ?? "" };
  const [{ data: product }, choices, levels] = await Promise.all([
    client.get_product_data_by_application_key_and_product_code(key).catch(asRouteError),
    productChoices(client, store.applicationKey, context),
    can(user, "product_inventory:read")
      ? client.get_stock_level_data_list_by_application_key_and_product_code(key).catch(asRouteError)
      : null,
  ]);
  const canWrite = can(user, "product:write");
  return {
    title: localizedName(product, context.locale, "name"),
    product: productFormValues(product),
    savedStock: savedVariantStock(product),
    profit: product.profit_cents === null ? null : formatHkd(product.profit_cents),
    stock: product.unlimited_inventory ? null : product.stock,
    hasVip: Boolean(store.plan?.hasVip),
    choices,
    canWrite,
    canAdjustStock: can(user, "product_inventory:write"),
    stockByLocation: levels && !product.unlimited_inventory ? variantLevels(levels.data, context.locale) : null,
    confirmingDelete: canWrite && isConfirmingDelete(request),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "product:write");
  const formData = await request.formData();
  const key = { application_key: store.applicationKey, product_code: params.productCode ?? "" };
  if (formData.get("intent") === DELETE_INTENT) {
    return deleteThenRedirect(
      request,
      context,
      () => client.delete_product_data_by_application_key_and_product_code(key),
      { listUrl: LIST_URL, deleted: "product:deleted" },
    );
  }
  const uploads = { rules: PRODUCT_UPLOADS, target: uploadTarget(context, { client, store }, "product") };
  const step = productStepOf(formData.get(STEP_FIELD));
  if (step) return replyToProductStep(formData, step, uploads);
  const submitted = await submitForm(
    formData,
    editProductFormSchema,
    (value) => withListFieldNames(client.update_product_data_by_application_key_and_product_code({ ...key, ...value })),
    { uploads },
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(
    new URL(request.url).pathname,
    { tone: "success", message: "common:form.saved" },
    request,
    context,
  );
}

export default function ProductDetail() {
  const { product } = useLoaderData<typeof loader>();
  // A save comes back to this page: the product's new version starts the form over from what was saved.
  return <ProductForm key={product.version} />;
}

function ProductForm() {
  const { t } = useTranslation(["product", "common"]);
  const {
    title,
    product,
    savedStock,
    profit,
    stock,
    hasVip,
    choices,
    canWrite,
    canAdjustStock,
    stockByLocation,
    confirmingDelete,
  } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(editProductFormSchema, useActionData<typeof action>(), product, {
    isStep: isProductStep,
  });
  const adjustStock = {
    content: t("adjust-stock"),
    url: `/product/product-inventory-list?q=${encodeURIComponent(product.product_code)}`,
  };
  return (
    <Page
      title={title}
      subtitle={stock === null ? t("unlimited") : t("stock-now", { count: stock })}
      backAction={{ content: t("common:shell.back"), url: LIST_URL }}
    >
      <BlockStack gap="400">
        {canAdjustStock && <PageLinks links={[adjustStock]} />}
        {stockByLocation && <StockByLocation variants={stockByLocation} />}
        <DeletableRecord name={title} confirming={confirmingDelete} canDelete={canWrite}>
          <SaveForm saveBar form={form} encType="multipart/form-data" readOnly={!canWrite} version={fields.version}>
            <ProductFields
              fields={fields}
              imageSlots={fields.images.getFieldList()}
              variantFields={fields}
              formId={form.id}
              savedStock={savedStock}
              isNew={false}
              productCode={product.product_code}
              hasVip={hasVip}
              profit={profit}
              choices={choices}
            />
          </SaveForm>
        </DeletableRecord>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

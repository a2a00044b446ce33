import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { Banner, BlockStack, Button, InlineStack, Page } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { redirectWithToast, requireStore } from "~/auth.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import {
  editProductFormSchema,
  PRODUCT_UPLOADS,
  ProductFields,
  productFormValues,
  productPayload,
} from "~/components/product-form";
import { productChoices } from "~/product-choices.server";
import { replaceFilesWithUploads, uploadTarget } from "~/uploads.server";
import { PageLinks } from "~/components/page-links";
import { SaveForm } from "~/components/save-form";
import { useZodForm } from "~/utils/forms";
import { replyWithFailure } from "~/utils/forms.server";
import { titleMeta } from "~/utils/meta";
import { formatHkd } from "~/utils/money";
import { notFoundPage } from "~/utils/records.server";
import { localizedName } from "../../contract/localized";

export const handle = { i18n: ["products"] };
export const meta = titleMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { store, client } = await requireStore(request, context, "product");
  const [{ data: product }, choices] = await Promise.all([
    client
      .get_product_data_by_application_key_and_product_code({
        application_key: store.applicationKey,
        product_code: params.productCode ?? "",
      })
      .catch(notFoundPage),
    productChoices(client, store.applicationKey, context),
  ]);
  return {
    title: localizedName(product, context.locale, "name"),
    product: productFormValues(product),
    profit: product.profit_cents === null ? null : formatHkd(product.profit_cents),
    stock: product.unlimited_inventory ? null : product.stock,
    hasVip: Boolean(store.plan?.hasVip),
    choices,
  };
}

/** Saving the form, or deleting the product once the delete has been confirmed (a second post). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { store, client } = await requireStore(request, context, "product");
  const formData = await request.formData();
  const key = { application_key: store.applicationKey, product_code: params.productCode ?? "" };
  if (formData.get("intent") === "delete") {
    await client.delete_product_data_by_application_key_and_product_code(key).catch(notFoundPage);
    return redirectWithToast(
      "/product/product-list",
      { tone: "success", message: "products:deleted" },
      request,
      context,
    );
  }
  const uploadErrors = await replaceFilesWithUploads(
    formData,
    PRODUCT_UPLOADS,
    uploadTarget(context, { client, store }),
  );
  const submission = parseWithZod(formData, { schema: editProductFormSchema });
  if (submission.status !== "success" || uploadErrors) return submission.reply({ fieldErrors: uploadErrors });
  try {
    await client.update_product_data_by_application_key_and_product_code({
      ...key,
      ...productPayload(submission.value),
    });
  } catch (error) {
    return replyWithFailure(submission, error);
  }
  return redirectWithToast(
    new URL(request.url).pathname,
    { tone: "success", message: "common:form.saved" },
    request,
    context,
  );
}

export default function ProductDetail() {
  const { t } = useTranslation(["products", "common"]);
  const { title, product, profit, stock, hasVip, choices } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(editProductFormSchema, useActionData<typeof action>(), product);
  const [searchParams] = useSearchParams();
  const confirmingDelete = searchParams.get("confirm-delete") === "1";
  return (
    <Page
      title={title}
      subtitle={stock === null ? t("unlimited") : t("stock-now", { count: stock })}
      backAction={{ url: "/product/product-list" }}
    >
      <BlockStack gap="400">
        <PageLinks
          links={[
            {
              content: t("adjust-stock"),
              url: `/product/product-inventory-list?q=${encodeURIComponent(product.product_code)}`,
            },
            { content: t("delete"), url: "?confirm-delete=1", destructive: true },
          ]}
        />
        {confirmingDelete && (
          <Banner tone="critical" title={t("confirm-delete-title", { name: title })}>
            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <InlineStack gap="200">
                <Button submit tone="critical" variant="primary">
                  {t("confirm-delete")}
                </Button>
                <Button url="?" variant="plain">
                  {t("common:form.cancel")}
                </Button>
              </InlineStack>
            </Form>
          </Banner>
        )}
        <SaveForm form={form} encType="multipart/form-data">
          <ProductFields
            fields={fields}
            imageSlots={fields.images.getFieldList()}
            isNew={false}
            hasVip={hasVip}
            profit={profit}
            choices={choices}
          />
        </SaveForm>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

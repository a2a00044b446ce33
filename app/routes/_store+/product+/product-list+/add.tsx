import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "@shopify/polaris";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import {
  imageSlotValues,
  PRODUCT_UPLOADS,
  ProductFields,
  productFormSchema,
  productPayload,
} from "~/routes/_store+/product+/product-list+/__product-form";
import { productChoices } from "~/routes/_store+/product+/product-list+/__product-choices.server";
import { replaceFilesWithUploads, uploadTarget } from "~/server/uploads.server";
import { SaveForm } from "~/components/save-form";
import { useZodForm } from "~/utils/forms";
import { replyWithFailure } from "~/server/forms.server";
import { titleMeta } from "~/utils/meta";

export const handle = { i18n: ["products"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { store, client } = await requireStore(request, context, "product");
  return {
    title: context.t("products:title.add"),
    hasVip: Boolean(store.plan?.hasVip),
    choices: await productChoices(client, store.applicationKey, context),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { store, client } = await requireStore(request, context, "product");
  const formData = await request.formData();
  const uploadErrors = await replaceFilesWithUploads(
    formData,
    PRODUCT_UPLOADS,
    uploadTarget(context, { client, store }),
  );
  const submission = parseWithZod(formData, { schema: productFormSchema });
  if (submission.status !== "success" || uploadErrors) return submission.reply({ fieldErrors: uploadErrors });
  try {
    await client.add_product_data({ application_key: store.applicationKey, ...productPayload(submission.value) });
  } catch (error) {
    return replyWithFailure(submission, error);
  }
  return redirectWithToast(
    `/product/product-list/detail/${encodeURIComponent(submission.value.product_code)}`,
    { tone: "success", message: "products:created" },
    request,
    context,
    { recheck: true },
  );
}

export default function AddProduct() {
  const { title, hasVip, choices } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(productFormSchema, useActionData<typeof action>(), {
    publish: "on",
    minimum_order_quantity: "1",
    stock: "0",
    images: imageSlotValues(),
  });
  return (
    <Page title={title} backAction={{ url: "/product/product-list" }}>
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

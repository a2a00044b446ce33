import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "@shopify/polaris";
import { redirectWithToast, requireStore } from "~/auth.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ProductFields, productFormSchema, productPayload } from "~/components/product-form";
import { SaveForm } from "~/components/save-form";
import { useZodForm } from "~/utils/forms";
import { replyWithFailure } from "~/utils/forms.server";
import { titleMeta } from "~/utils/meta";

export const handle = { i18n: ["products"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { store } = await requireStore(request, context, "product");
  return { title: context.t("products:title.add"), hasVip: Boolean(store.plan?.hasVip) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { store, client } = await requireStore(request, context, "product");
  const submission = parseWithZod(await request.formData(), { schema: productFormSchema });
  if (submission.status !== "success") return submission.reply();
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
  const { title, hasVip } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(productFormSchema, useActionData<typeof action>(), {
    publish: "on",
    minimum_order_quantity: "1",
    stock: "0",
  });
  return (
    <Page title={title} backAction={{ url: "/product/product-list" }}>
      <SaveForm form={form}>
        <ProductFields fields={fields} isNew hasVip={hasVip} profit={null} />
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

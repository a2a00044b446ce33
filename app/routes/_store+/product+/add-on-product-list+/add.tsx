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
import { ADD_ON_UPLOADS, AddOnFields, addOnFormSchema, LIST_URL, NEW_ADD_ON_VALUES } from "./__add-on-form";

export const handle: RouteHandle = { i18n: ["add-on-product"], parent: "/product/add-on-product-list" };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireStore(request, context);
  requireCan(user, "add_on_product:write");
  return { title: context.t("add-on-product:title.add") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "add_on_product:write");
  const submitted = await submitForm(
    await request.formData(),
    addOnFormSchema,
    (value) => client.add_add_on_product_data({ application_key: store.applicationKey, ...value }),
    { uploads: { rules: ADD_ON_UPLOADS, target: uploadTarget(context, { client, store }, "add_on_product") } },
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(LIST_URL, { tone: "success", message: "common:form.saved" }, request, context);
}

export default function AddAddOnProduct() {
  const { t } = useTranslation(["add-on-product", "common"]);
  const { title } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(addOnFormSchema, useActionData<typeof action>(), NEW_ADD_ON_VALUES);
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <SaveForm form={form} encType="multipart/form-data">
        <AddOnFields fields={fields} />
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

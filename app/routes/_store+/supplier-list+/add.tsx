import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { submitForm, withListFieldNames } from "~/server/forms.server";
import { requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { LIST_URL, NEW_SUPPLIER_VALUES, SupplierFields, supplierFormSchema, useSupplierForm } from "./__supplier-form";

export const handle: RouteHandle = { i18n: ["supplier"], parent: LIST_URL };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireStore(request, context);
  requireCan(user, "supplier:write");
  return { title: context.t("supplier:title.add") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "supplier:write");
  const submitted = await submitForm(await request.formData(), supplierFormSchema, (value) =>
    withListFieldNames(client.add_supplier_data({ application_key: store.applicationKey, ...value })),
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(LIST_URL, { tone: "success", message: "common:form.saved" }, request, context);
}

export default function AddSupplier() {
  const { t } = useTranslation(["supplier", "common"]);
  const { title } = useLoaderData<typeof loader>();
  const [form, fields] = useSupplierForm(supplierFormSchema, useActionData<typeof action>(), NEW_SUPPLIER_VALUES);
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <SaveForm form={form}>
        <SupplierFields form={form} fields={fields} productNames={{}} />
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

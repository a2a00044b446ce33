import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { withListFieldNames } from "~/server/forms.server";
import { addPageAction, addPageLoader } from "~/server/record-pages.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { LIST_URL, NEW_SUPPLIER_VALUES, SupplierFields, supplierFormSchema, useSupplierForm } from "./__supplier-form";

export const handle: RouteHandle = { i18n: ["supplier"], parent: LIST_URL };
export const meta = titleMeta;

export const loader = (args: LoaderFunctionArgs) =>
  addPageLoader(args, { module: "supplier", title: "supplier:title.add" });

export const action = (args: ActionFunctionArgs) =>
  addPageAction(args, {
    module: "supplier",
    schema: supplierFormSchema,
    add: (client, payload) => withListFieldNames(client.add_supplier_data(payload)),
    addedUrl: LIST_URL,
  });

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

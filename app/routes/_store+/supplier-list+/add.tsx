import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { submitForm, withListFieldNames } from "~/server/forms.server";
import { requireCan } from "~/server/permissions.server";
import { addPageLoader } from "~/server/record-pages.server";
import { postedProductCodes, variantChoices } from "~/server/variant-choices.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { LIST_URL, NEW_SUPPLIER_VALUES, SupplierFields, supplierFormSchema, useSupplierForm } from "./__supplier-form";

export const handle: RouteHandle = { i18n: ["supplier"], parent: LIST_URL };
export const meta = titleMeta;

export const loader = (args: LoaderFunctionArgs) =>
  addPageLoader(args, { module: "supplier", title: "supplier:title.add" });

/** The form comes back, unsaved or a step taken, with the variants of its lines' products to choose from. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "supplier:write");
  const formData = await request.formData();
  const submitted = await submitForm(formData, supplierFormSchema, (value) =>
    withListFieldNames(client.add_supplier_data({ application_key: store.applicationKey, ...value })),
  );
  if (submitted.saved) {
    return redirectWithToast(LIST_URL, { tone: "success", message: "common:form.saved" }, request, context);
  }
  const codes = postedProductCodes(formData, "products");
  return {
    reply: submitted.reply,
    variantChoices: await variantChoices(client, store.applicationKey, codes, context.locale),
  };
}

export default function AddSupplier() {
  const { t } = useTranslation(["supplier", "common"]);
  const { title } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [form, fields] = useSupplierForm(supplierFormSchema, result?.reply, NEW_SUPPLIER_VALUES);
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <SaveForm form={form}>
        <SupplierFields form={form} fields={fields} productNames={{}} variantChoices={result?.variantChoices ?? {}} />
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

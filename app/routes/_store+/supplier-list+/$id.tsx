import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { localizedName } from "#contract/localized";
import { DELETE_INTENT, DeletableRecord, isConfirmingDelete } from "~/components/delete-record";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageLinks } from "~/components/page-links";
import { SaveForm } from "~/components/save-form";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { ActionFailure } from "~/server/action-client.server";
import { asRouteError, httpError, recordId } from "~/server/errors.server";
import { deleteThenRedirect, submitForm, withListFieldNames } from "~/server/forms.server";
import { can, requireCan } from "~/server/permissions.server";
import { postedProductCodes, variantChoices } from "~/server/variant-choices.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import {
  editSupplierFormSchema,
  LIST_URL,
  SupplierFields,
  supplierFormValues,
  useSupplierForm,
} from "./__supplier-form";

export const handle: RouteHandle = { i18n: ["supplier"], parent: LIST_URL };
export const meta = titleMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "supplier:read");
  const { data: supplier } = await client
    .get_supplier_data_by_application_key_and_id({ application_key: store.applicationKey, id: recordId(params.id) })
    .catch((error: unknown) => {
      // Spec §8: an unknown supplier is "supplier not found".
      if (error instanceof ActionFailure && error.status === 404) throw httpError(404, "supplier-not-found");
      return asRouteError(error);
    });
  const canWrite = can(user, "supplier:write");
  // The saved lines' products with several variants offer the others to choose.
  const several = supplier.products.filter((line) => line.variant_count > 1).map((line) => line.product_code);
  return {
    title: context.t("supplier:title.edit", { name: supplier.name }),
    name: supplier.name,
    defaultValue: supplierFormValues(supplier),
    productNames: Object.fromEntries(
      supplier.products.map((line) => [line.product_code, localizedName(line, context.locale, "name")]),
    ),
    variantChoices: canWrite ? await variantChoices(client, store.applicationKey, several, context.locale) : {},
    ordersUrl: can(user, "purchase_order:read") ? `/purchase-order-list?supplier=${supplier.id}` : null,
    canWrite,
    confirmingDelete: canWrite && isConfirmingDelete(request),
  };
}

/** The save, or the delete; an unsaved form comes back with the variants of its lines' products to choose from. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "supplier:write");
  const key = { application_key: store.applicationKey, id: recordId(params.id) };
  const formData = await request.formData();
  if (formData.get("intent") === DELETE_INTENT) {
    return deleteThenRedirect(request, context, () => client.delete_supplier_data_by_application_key_and_id(key), {
      listUrl: LIST_URL,
      deleted: "supplier:deleted",
    });
  }
  const submitted = await submitForm(formData, editSupplierFormSchema, (value) =>
    withListFieldNames(client.update_supplier_data_by_application_key_and_id({ ...key, ...value })),
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

export default function EditSupplier() {
  const { t } = useTranslation(["supplier", "common"]);
  const { title, name, defaultValue, productNames, variantChoices, ordersUrl, canWrite, confirmingDelete } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [form, fields] = useSupplierForm(editSupplierFormSchema, result?.reply, defaultValue);
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <BlockStack gap="400">
        {ordersUrl && <PageLinks links={[{ content: t("view-purchase-orders"), url: ordersUrl }]} />}
        <DeletableRecord
          name={name}
          consequence={t("delete-consequence")}
          confirming={confirmingDelete}
          canDelete={canWrite}
        >
          <SaveForm form={form} readOnly={!canWrite} version={fields.version}>
            <SupplierFields
              form={form}
              fields={fields}
              productNames={productNames}
              variantChoices={{ ...variantChoices, ...result?.variantChoices }}
            />
          </SaveForm>
        </DeletableRecord>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

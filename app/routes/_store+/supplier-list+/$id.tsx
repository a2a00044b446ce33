import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { localizedName } from "#contract/localized";
import { DeletableRecord, isConfirmingDelete } from "~/components/delete-record";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageLinks } from "~/components/page-links";
import { SaveForm } from "~/components/save-form";
import { requireStore } from "~/server/auth.server";
import { ActionFailure } from "~/server/action-client.server";
import { asRouteError, httpError, recordId } from "~/server/errors.server";
import { withListFieldNames } from "~/server/forms.server";
import { can, requireCan } from "~/server/permissions.server";
import { editPageAction } from "~/server/record-pages.server";
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
  return {
    title: context.t("supplier:title.edit", { name: supplier.name }),
    name: supplier.name,
    defaultValue: supplierFormValues(supplier),
    productNames: Object.fromEntries(
      supplier.products.map((line) => [line.product_code, localizedName(line, context.locale, "name")]),
    ),
    ordersUrl: can(user, "purchase_order:read") ? `/purchase-order-list?supplier=${supplier.id}` : null,
    canWrite,
    confirmingDelete: canWrite && isConfirmingDelete(request),
  };
}

export const action = (args: ActionFunctionArgs) =>
  editPageAction(args, {
    module: "supplier",
    schema: editSupplierFormSchema,
    update: (client, payload) => withListFieldNames(client.update_supplier_data_by_application_key_and_id(payload)),
    remove: (client, key) => client.delete_supplier_data_by_application_key_and_id(key),
    listUrl: LIST_URL,
    deleted: "supplier:deleted",
  });

export default function EditSupplier() {
  const { t } = useTranslation(["supplier", "common"]);
  const { title, name, defaultValue, productNames, ordersUrl, canWrite, confirmingDelete } =
    useLoaderData<typeof loader>();
  const [form, fields] = useSupplierForm(editSupplierFormSchema, useActionData<typeof action>(), defaultValue);
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
            <SupplierFields form={form} fields={fields} productNames={productNames} />
          </SaveForm>
        </DeletableRecord>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Select } from "@shopify/polaris/build/esm/components/Select/Select.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { localizedName } from "#contract/localized";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SearchForm } from "~/components/search-form";
import { SaveForm } from "~/components/save-form";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { submitForm, withListFieldNames } from "~/server/forms.server";
import { can, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import {
  LIST_URL,
  newPurchaseOrderValues,
  offeredProducts,
  payloadLines,
  PurchaseOrderFields,
  purchaseOrderFormSchema,
  usePurchaseOrderForm,
} from "./__purchase-order-form";
import { supplierOffer } from "./__supplier-offer.server";

export const handle: RouteHandle = { i18n: ["purchase-order"], parent: LIST_URL };
export const meta = titleMeta;

/** The supplier chosen in the URL (?supplier=12), when it is an id at all. */
function chosenSupplier(url: URL) {
  const id = Number(url.searchParams.get("supplier"));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Two steps, both plain forms: choose the supplier (a GET), then the lines among its products. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "purchase_order:write");
  requireCan(user, "supplier:read");
  const key = { application_key: store.applicationKey };
  const supplierId = chosenSupplier(new URL(request.url));
  const [{ data: suppliers }, chosen] = await Promise.all([
    client.get_supplier_data_list_by_application_key(key).catch(asRouteError),
    supplierId === null
      ? null
      : client.get_supplier_data_by_application_key_and_id({ ...key, id: supplierId }).catch(asRouteError),
  ]);
  const supplier = chosen?.data;
  return {
    title: context.t("purchase-order:title.add"),
    suppliers: suppliers.map((row) => ({ value: String(row.id), label: row.name })),
    supplier: supplier ? { id: supplier.id, name: supplier.name } : null,
    offered: offeredProducts(
      (supplier?.products ?? []).map((product) => ({
        ...product,
        name: localizedName(product, context.locale, "name"),
        label: localizedName(product, context.locale, "label"),
      })),
    ),
    canAddSupplier: can(user, "supplier:write"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "purchase_order:write");
  requireCan(user, "supplier:read");
  let added = 0;
  const formData = await request.formData();
  const submitted = await submitForm(
    formData,
    purchaseOrderFormSchema(),
    async (value) => {
      added = (
        await withListFieldNames(
          client.add_purchase_order_data({
            application_key: store.applicationKey,
            ...value,
            lines: payloadLines(value.lines),
          }),
        )
      ).data.id;
    },
    { recheckWith: async () => purchaseOrderFormSchema(await supplierOffer(client, store.applicationKey, formData)) },
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(`${LIST_URL}/${added}`, { tone: "success", message: "common:form.saved" }, request, context);
}

export default function AddPurchaseOrder() {
  const { t } = useTranslation(["purchase-order", "common"]);
  const { title, suppliers, supplier, offered, canAddSupplier } = useLoaderData<typeof loader>();
  const [chosen, setChosen] = useState(supplier ? String(supplier.id) : "");
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <BlockStack gap="400">
        <Card>
          {suppliers.length === 0 ? (
            <BlockStack gap="200">
              <Text as="p">{t("no-suppliers")}</Text>
              {canAddSupplier && <Link url="/supplier-list/add">{t("add-supplier")}</Link>}
            </BlockStack>
          ) : (
            <SearchForm button={t("change-supplier")}>
              <Select
                id="supplier"
                name="supplier"
                label={t("field.supplier")}
                helpText={t("help.supplier")}
                options={suppliers}
                placeholder={t("choose-supplier")}
                value={chosen}
                onChange={setChosen}
              />
            </SearchForm>
          )}
        </Card>
        {supplier &&
          (offered.length === 0 ? (
            <Card>
              <Text as="p">{t("no-supplier-products")}</Text>
            </Card>
          ) : (
            <DraftForm key={supplier.id} supplierId={supplier.id} />
          ))}
      </BlockStack>
    </Page>
  );
}

function DraftForm({ supplierId }: { supplierId: number }) {
  const { offered } = useLoaderData<typeof loader>();
  const schema = useMemo(() => purchaseOrderFormSchema(offered), [offered]);
  const [form, fields] = usePurchaseOrderForm(
    schema,
    useActionData<typeof action>(),
    newPurchaseOrderValues(supplierId),
  );
  return (
    <SaveForm form={form}>
      <PurchaseOrderFields form={form} fields={fields} offered={offered} />
    </SaveForm>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

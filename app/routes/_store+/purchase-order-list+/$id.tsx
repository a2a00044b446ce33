import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { InlineError } from "@shopify/polaris/build/esm/components/InlineError/InlineError.js";
import { InlineGrid } from "@shopify/polaris/build/esm/components/InlineGrid/InlineGrid.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { hongKongTime } from "#contract/dates";
import { MAX_QUANTITY, nullable, text } from "#contract/field-rules";
import { localizedName, withVariant } from "#contract/localized";
import { formatHkd } from "#contract/money";
import { id, version, wholeNumber } from "#contract/parts";
import {
  MAX_PURCHASE_ORDER_LINES,
  PURCHASE_ORDER_MOVES,
  RECEIVING_STATUSES,
  canMovePurchaseOrder,
  type PurchaseOrderStatus,
} from "#modules/purchase-order/contract";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors } from "~/components/form-errors";
import { ListTable } from "~/components/list-table";
import { PageLinks } from "~/components/page-links";
import { SaveForm } from "~/components/save-form";
import { StatusBadge } from "~/components/status-badge";
import { TextInput } from "~/components/text-input";
import { LabelValue } from "~/components/label-value";
import { ActionFailure } from "~/server/action-client.server";
import { redirectWithToast, refusalToast, requireStore } from "~/server/auth.server";
import { asRouteError, recordId } from "~/server/errors.server";
import { submitForm, withListFieldNames } from "~/server/forms.server";
import { can, requireCan } from "~/server/permissions.server";
import { locationChoices, usableLocations } from "~/server/locations.server";
import { SelectInput } from "~/components/choice-inputs";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { translateErrors } from "~/utils/messages";
import { titleMeta } from "~/utils/meta";
import {
  editPurchaseOrderFormSchema,
  LIST_URL,
  offeredProducts,
  payloadLines,
  PurchaseOrderFields,
  purchaseOrderFormValues,
  usePurchaseOrderForm,
} from "./__purchase-order-form";
import { supplierOffer } from "./__supplier-offer.server";
import { STATUS_TONES } from "./__purchase-order-list-filters";

export const handle: RouteHandle = { i18n: ["purchase-order"], parent: LIST_URL };
export const meta = titleMeta;

/** What arrived, per line; at least one line above 0. */
const receiptFormSchema = z
  .object({
    version,
    location_id: id.optional(),
    lines: z
      .array(z.object({ line_id: id, quantity: wholeNumber(0, MAX_QUANTITY) }))
      .min(1)
      .max(MAX_PURCHASE_ORDER_LINES),
    note: nullable(text({ max: 200 })),
  })
  .refine((value) => value.lines.some((line) => line.quantity > 0), { error: "force-input", path: ["lines"] });

/** A status move's buttons post the version and the status as plain form fields. */
const moveFormSchema = z.object({ version: z.coerce.number().pipe(version), to: z.enum(PURCHASE_ORDER_MOVES) });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "purchase_order:read");
  const key = { application_key: store.applicationKey };
  const { data: order } = await client
    .get_purchase_order_data_by_application_key_and_id({ ...key, id: recordId(params.id) })
    .catch(asRouteError);
  const canWrite = can(user, "purchase_order:write");
  // A draft is edited among its supplier's products.
  const editable = order.status === "draft" && canWrite && can(user, "supplier:read") && order.supplier_id !== null;
  const supplier = editable
    ? (await client.get_supplier_data_by_application_key_and_id({ ...key, id: order.supplier_id! }).catch(asRouteError))
        .data
    : null;
  // A receipt names each line by its product code and variant.
  const lineCodes = new Map(
    order.lines.map((line) => [
      line.id,
      withVariant(line.product_code, localizedName(line, context.locale, "variant_name")),
    ]),
  );
  const moves = canWrite ? PURCHASE_ORDER_MOVES.filter((to) => canMovePurchaseOrder(order.status, to)) : [];
  const receiving = canWrite && RECEIVING_STATUSES.includes(order.status);
  return {
    title: context.t("purchase-order:title.detail", { number: order.number }),
    order: {
      id: order.id,
      number: order.number,
      status: order.status,
      version: order.version,
      supplierName: order.supplier_name,
      supplierUrl:
        order.supplier_id !== null && can(user, "supplier:read") ? `/supplier-list/${order.supplier_id}` : null,
      supplier: order.supplier,
      expectedDate: order.expected_date,
      note: order.note,
      total: formatHkd(order.total_cents),
      received: context.t("purchase-order:of", { received: order.received_quantity, ordered: order.ordered_quantity }),
    },
    lines: order.lines.map((line) => ({
      id: line.id,
      // The product's name with the variant's option values, as ordered.
      name: withVariant(
        localizedName(line, context.locale, "name"),
        localizedName(line, context.locale, "variant_name"),
      ),
      code: line.product_code,
      supplierCode: line.supplier_code,
      quantity: line.quantity,
      received: line.received_quantity,
      outstanding: line.quantity - line.received_quantity,
      unitCost: formatHkd(line.unit_cost_cents),
      total: formatHkd(line.line_total_cents),
    })),
    history: order.history.map((row) => ({ ...row, create_date: hongKongTime(row.create_date) })),
    receipts: order.receipts.map((receipt) => ({
      ...receipt,
      create_date: hongKongTime(receipt.create_date),
      lines: receipt.lines.map((entry) => ({
        code: lineCodes.get(entry.line_id) ?? "",
        quantity: entry.quantity,
      })),
    })),
    editForm: supplier
      ? {
          defaultValue: purchaseOrderFormValues(order),
          offered: offeredProducts(
            supplier.products.map((product) => ({
              ...product,
              name: localizedName(product, context.locale, "name"),
              label: localizedName(product, context.locale, "label"),
            })),
          ),
        }
      : null,
    moves,
    receiving,
    // Where the goods arrive: the first location unless another is chosen.
    locations: receiving ? usableLocations(user, locationChoices(user, order.locations, context.locale)) : [],
    printUrl: `${LIST_URL}/${order.id}/print`,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "purchase_order:write");
  const key = { application_key: store.applicationKey, id: recordId(params.id) };
  const here = new URL(request.url).pathname;
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "move") {
    const move = moveFormSchema.safeParse(Object.fromEntries(formData));
    if (!move.success)
      return redirectWithToast(here, { tone: "error", message: "message:save-fail" }, request, context);
    try {
      await client.update_purchase_order_status_data_by_application_key_and_id({ ...key, ...move.data, note: null });
    } catch (error) {
      if (!(error instanceof ActionFailure)) throw error;
      return redirectWithToast(here, refusalToast(error.messageKey), request, context);
    }
    const done = move.data.to === "ordered" ? "purchase-order:ordered-done" : "purchase-order:cancelled-done";
    return redirectWithToast(here, { tone: "success", message: done }, request, context);
  }
  if (intent === "receive") {
    const submitted = await submitForm(formData, receiptFormSchema, (value) =>
      withListFieldNames(
        client.add_purchase_order_receipt_data({
          application_key: key.application_key,
          purchase_order_id: key.id,
          ...value,
        }),
      ),
    );
    if (!submitted.saved) return { intent: "receive" as const, reply: submitted.reply };
    return redirectWithToast(here, { tone: "success", message: "purchase-order:received-done" }, request, context);
  }
  requireCan(user, "supplier:read");
  const submitted = await submitForm(
    formData,
    editPurchaseOrderFormSchema(),
    (value) =>
      withListFieldNames(
        client.update_purchase_order_data_by_application_key_and_id({
          ...key,
          ...value,
          lines: payloadLines(value.lines),
        }),
      ),
    {
      recheckWith: async () => editPurchaseOrderFormSchema(await supplierOffer(client, store.applicationKey, formData)),
    },
  );
  if (!submitted.saved) return { intent: "edit" as const, reply: submitted.reply };
  return redirectWithToast(here, { tone: "success", message: "common:form.saved" }, request, context);
}

export default function PurchaseOrderDetail() {
  const { t } = useTranslation(["purchase-order", "common"]);
  const { title, order, editForm, moves, receiving, printUrl } = useLoaderData<typeof loader>();
  return (
    <Page
      title={title}
      titleMetadata={<StatusBadge tone={STATUS_TONES[order.status]}>{t(`status.${order.status}`)}</StatusBadge>}
      backAction={{ content: t("common:shell.back"), url: LIST_URL }}
    >
      <BlockStack gap="400">
        <InlineStack gap="200" align="space-between">
          {moves.length > 0 ? <Moves moves={moves} version={order.version} /> : <span />}
          <PageLinks links={[{ content: t("print"), url: printUrl }]} />
        </InlineStack>
        {editForm ? <EditDraft key={order.version} /> : <Lines />}
        {receiving && <Receive key={order.version} />}
        <Summary />
        <History />
      </BlockStack>
    </Page>
  );
}

function Moves({ moves, version }: { moves: PurchaseOrderStatus[]; version: number }) {
  const { t } = useTranslation("purchase-order");
  return (
    <InlineStack gap="200">
      {moves.map((to) => (
        <Form method="post" key={to} noValidate>
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="to" value={to} />
          <input type="hidden" name="version" value={version} />
          <Button
            submit
            variant={to === "ordered" ? "primary" : undefined}
            tone={to === "cancelled" ? "critical" : undefined}
          >
            {to === "ordered" ? t("mark-ordered") : t("cancel-order")}
          </Button>
        </Form>
      ))}
    </InlineStack>
  );
}

function EditDraft() {
  const { editForm } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const schema = useMemo(() => editPurchaseOrderFormSchema(editForm!.offered), [editForm]);
  const [form, fields] = usePurchaseOrderForm(
    schema,
    result?.intent === "edit" ? result.reply : undefined,
    editForm!.defaultValue,
  );
  return (
    <SaveForm form={form} version={fields.version}>
      <PurchaseOrderFields form={form} fields={fields} offered={editForm!.offered} />
    </SaveForm>
  );
}

function Lines() {
  const { t } = useTranslation("purchase-order");
  const { lines, order } = useLoaderData<typeof loader>();
  const numeric = (value: string | number) => (
    <Text as="span" numeric>
      {value}
    </Text>
  );
  return (
    <Card>
      <BlockStack gap="300">
        <ListTable
          resourceName={{ singular: t("line"), plural: t("lines") }}
          itemCount={lines.length}
          emptyText={t("no-purchase-orders")}
          headings={[
            { title: t("field.product") },
            { title: t("field.quantity") },
            { title: t("field.received") },
            { title: t("field.unit-cost") },
            { title: t("field.line-total") },
          ]}
        >
          {lines.map((line, index) => (
            <IndexTable.Row id={String(line.id)} key={line.id} position={index}>
              <IndexTable.Cell>
                {line.name}{" "}
                <Text as="span" tone="subdued">
                  {[line.code, line.supplierCode].filter(Boolean).join(" · ")}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>{numeric(line.quantity)}</IndexTable.Cell>
              <IndexTable.Cell>{numeric(line.received)}</IndexTable.Cell>
              <IndexTable.Cell>{numeric(line.unitCost)}</IndexTable.Cell>
              <IndexTable.Cell>{numeric(line.total)}</IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </ListTable>
        <InlineStack align="space-between">
          <Text as="span" fontWeight="bold">
            {t("field.total")}
          </Text>
          <Text as="span" fontWeight="bold" numeric>
            {order.total}
          </Text>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}

/** The receipt form: a quantity per line still to come, each at most what is outstanding (the backend says so too). */
function Receive() {
  const { t } = useTranslation("purchase-order");
  const { lines, order, locations } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const outstanding = lines.filter((line) => line.outstanding > 0);
  const [form, fields] = useZodForm(receiptFormSchema, result?.intent === "receive" ? result.reply : undefined, {
    version: order.version,
    location_id: locations[0]?.value,
    lines: outstanding.map((line) => ({ line_id: line.id, quantity: "0" })),
    note: "",
  });
  const lineFields = fields.lines.getFieldList();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("section.receive")}
        </Text>
        <Text as="p" tone="subdued">
          {t("help.receive")}
        </Text>
        <Form method="post" {...getFormProps(form)}>
          <BlockStack gap="300">
            <FormErrors form={form} />
            <input type="hidden" name="intent" value="receive" />
            <input type="hidden" name={fields.version.name} value={order.version} />
            {locations.length > 1 && (
              <SelectInput field={fields.location_id} label={t("field.receive-at")} choices={locations} />
            )}
            {outstanding.map((line, index) => {
              const field = lineFields[index]?.getFieldset();
              if (!field) return null;
              return (
                <InlineGrid key={line.id} columns={{ xs: 1, sm: ["twoThirds", "oneThird"] }} gap="300" alignItems="end">
                  <input type="hidden" name={field.line_id.name} value={line.id} />
                  <Text as="p">
                    {line.name}
                    <br />
                    <Text as="span" tone="subdued">
                      {t("of", { received: line.received, ordered: line.quantity })}
                    </Text>
                  </Text>
                  <TextInput
                    field={field.quantity}
                    type="number"
                    label={t("field.to-receive")}
                    autoComplete="off"
                    helpText={`≤ ${line.outstanding}`}
                  />
                </InlineGrid>
              );
            })}
            {fields.lines.errors?.length ? (
              <InlineError message={translateErrors(t, fields.lines.errors)!} fieldID={fields.lines.id} />
            ) : null}
            <TextInput field={fields.note} label={t("field.receipt-note")} autoComplete="off" />
            <InlineStack>
              <Button submit variant="primary">
                {t("record-receipt")}
              </Button>
            </InlineStack>
          </BlockStack>
        </Form>
      </BlockStack>
    </Card>
  );
}

function Summary() {
  const { t } = useTranslation("purchase-order");
  const { order } = useLoaderData<typeof loader>();
  const row = (label: string, value: string | null) => (
    <LabelValue key={label} label={label} layout="spread">
      {value || "—"}
    </LabelValue>
  );
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {t("section.summary")}
        </Text>
        {row(t("field.supplier"), order.supplierName)}
        {order.supplier && row(t("print-page.phone"), order.supplier.phone)}
        {order.supplier && row(t("print-page.email"), order.supplier.email)}
        {row(t("field.expected-date"), order.expectedDate ?? t("no-expected-date"))}
        {row(t("field.total"), order.total)}
        {row(t("field.received"), order.received)}
        {row(t("field.note"), order.note)}
        {order.supplierUrl && (
          <InlineStack>
            <Link url={order.supplierUrl}>{t("view-supplier")}</Link>
          </InlineStack>
        )}
      </BlockStack>
    </Card>
  );
}

function History() {
  const { t } = useTranslation("purchase-order");
  const { history, receipts } = useLoaderData<typeof loader>();
  const by = (entry: { create_date: string; actor_email: string; note: string | null }) =>
    [entry.create_date, t("by", { email: entry.actor_email }), entry.note].filter(Boolean).join(" · ");
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("section.history")}
        </Text>
        <BlockStack gap="100">
          {history.map((row, index) => (
            <Text as="p" key={index}>
              {row.from_status
                ? t("history-entry", { from: t(`status.${row.from_status}`), to: t(`status.${row.to_status}`) })
                : t(`status.${row.to_status}`)}{" "}
              <Text as="span" tone="subdued">
                {by(row)}
              </Text>
            </Text>
          ))}
        </BlockStack>
        {receipts.length > 0 && (
          <BlockStack gap="100">
            <Text as="h3" variant="headingSm">
              {t("section.receipts")}
            </Text>
            {receipts.map((receipt) => (
              <Text as="p" key={receipt.id}>
                {receipt.lines.map((line) => t("receipt-line", line)).join(", ")}{" "}
                <Text as="span" tone="subdued">
                  {by(receipt)}
                </Text>
              </Text>
            ))}
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { InlineGrid } from "@shopify/polaris/build/esm/components/InlineGrid/InlineGrid.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { hongKongTime } from "#contract/dates";
import { localizedName, withVariant } from "#contract/localized";
import { id, version, wholeNumber } from "#contract/parts";
import { isReceiving } from "#modules/stock-transfer/contract";
import { MAX_STOCK_TRANSFER_LINES, MAX_TRANSFER_QUANTITY, STOCK_TRANSFER_MOVES } from "#modules/stock-transfer/options";
import { DeletableRecord, DELETE_INTENT, isConfirmingDelete } from "~/components/delete-record";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors } from "~/components/form-errors";
import { LinesError } from "~/components/form-lines";
import { LabelValue } from "~/components/label-value";
import { ListTable } from "~/components/list-table";
import { PageLinks } from "~/components/page-links";
import { SaveForm } from "~/components/save-form";
import { StatusBadge } from "~/components/status-badge";
import { TextInput } from "~/components/text-input";
import { ActionFailure } from "~/server/action-client.server";
import { redirectWithToast, refusalToast, requireStore } from "~/server/auth.server";
import { asRouteError, recordId } from "~/server/errors.server";
import { deleteThenRedirect, submitForm, withListFieldNames } from "~/server/forms.server";
import { locationChoices } from "~/server/locations.server";
import { can, requireCan } from "~/server/permissions.server";
import { postedProductCodes, variantChoices } from "~/server/variant-choices.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import {
  editStockTransferFormSchema,
  StockTransferFields,
  stockTransferFormValues,
  useStockTransferForm,
} from "./__stock-transfer-form";
import { LIST_URL, STATUS_TONES } from "./__stock-transfer-list-filters";

export const handle: RouteHandle = { i18n: ["stock-transfer"], parent: LIST_URL };
export const meta = titleMeta;

/** What arrived, per line (0 allowed); at least one line above 0. */
const receiptFormSchema = z
  .object({
    lines: z
      .array(z.object({ line_id: id, quantity: wholeNumber(0, MAX_TRANSFER_QUANTITY) }))
      .min(1)
      .max(MAX_STOCK_TRANSFER_LINES),
  })
  .refine((value) => value.lines.some((line) => line.quantity > 0), { error: "force-input", path: ["lines"] });

/** A status move's buttons post the version and the status as plain form fields. */
const moveFormSchema = z.object({ version: z.coerce.number().pipe(version), to: z.enum(STOCK_TRANSFER_MOVES) });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "stock_transfer:read");
  const { data: transfer } = await client
    .get_stock_transfer_data_by_application_key_and_id({
      application_key: store.applicationKey,
      id: recordId(params.id),
    })
    .catch(asRouteError);
  const canWrite = can(user, "stock_transfer:write");
  const draft = transfer.status === "draft";
  const editable = draft && canWrite;
  const choices = editable
    ? await variantChoices(
        client,
        store.applicationKey,
        transfer.lines.map((line) => line.product_code),
        context.locale,
      )
    : {};
  const deleted = context.t("stock-transfer:deleted-location");
  return {
    title: context.t("stock-transfer:title.detail", { number: transfer.number }),
    transfer: {
      id: transfer.id,
      number: transfer.number,
      status: transfer.status,
      version: transfer.version,
      from: localizedName(transfer, context.locale, "from_name") || deleted,
      to: localizedName(transfer, context.locale, "to_name") || deleted,
      note: transfer.note,
      received: context.t("stock-transfer:of", {
        received: transfer.received_quantity,
        total: transfer.total_quantity,
      }),
      sent: transfer.sent_date
        ? context.t("stock-transfer:by", { date: hongKongTime(transfer.sent_date), email: transfer.sent_by })
        : context.t("stock-transfer:not-sent"),
      receivedDate: transfer.received_date ? hongKongTime(transfer.received_date) : null,
      createdAt: hongKongTime(transfer.create_date),
    },
    lines: transfer.lines.map((line) => ({
      id: line.id,
      name: withVariant(
        localizedName(line, context.locale, "name"),
        localizedName(line, context.locale, "variant_name"),
      ),
      code: [line.product_code, line.sku, line.barcode].filter(Boolean).join(" · "),
      quantity: line.quantity,
      received: line.received_quantity,
      outstanding: line.quantity - line.received_quantity,
      stockAtOrigin: line.stock_at_origin,
    })),
    editForm: editable
      ? {
          defaultValue: stockTransferFormValues(transfer),
          locations: locationChoices(user, transfer.locations, context.locale),
          variantChoices: choices,
        }
      : null,
    moves: editable ? STOCK_TRANSFER_MOVES : [],
    receiving: canWrite && isReceiving(transfer.status),
    canDelete: editable,
    confirmingDelete: editable && isConfirmingDelete(request),
    packingListUrl: `${LIST_URL}/${transfer.id}/packing-list`,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "stock_transfer:write");
  const key = { application_key: store.applicationKey, id: recordId(params.id) };
  const here = new URL(request.url).pathname;
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === DELETE_INTENT) {
    return deleteThenRedirect(
      request,
      context,
      () => client.delete_stock_transfer_data_by_application_key_and_id(key),
      { listUrl: LIST_URL, deleted: "stock-transfer:deleted-done" },
    );
  }
  if (intent === "move") {
    const move = moveFormSchema.safeParse(Object.fromEntries(formData));
    if (!move.success) {
      return redirectWithToast(here, { tone: "error", message: "message:save-fail" }, request, context);
    }
    try {
      await client.update_stock_transfer_status_data_by_application_key_and_id({ ...key, ...move.data });
    } catch (error) {
      if (!(error instanceof ActionFailure)) throw error;
      return redirectWithToast(here, refusalToast(error.messageKey), request, context);
    }
    const done = move.data.to === "sent" ? "stock-transfer:sent-done" : "stock-transfer:cancelled-done";
    return redirectWithToast(here, { tone: "success", message: done }, request, context);
  }
  if (intent === "receive") {
    const submitted = await submitForm(formData, receiptFormSchema, (value) =>
      withListFieldNames(
        client.add_stock_transfer_receipt_data({
          application_key: key.application_key,
          stock_transfer_id: key.id,
          ...value,
        }),
      ),
    );
    if (!submitted.saved) return { intent: "receive" as const, reply: submitted.reply, variantChoices: {} };
    return redirectWithToast(here, { tone: "success", message: "stock-transfer:received-done" }, request, context);
  }
  const submitted = await submitForm(formData, editStockTransferFormSchema, (value) =>
    withListFieldNames(client.update_stock_transfer_data_by_application_key_and_id({ ...key, ...value })),
  );
  if (!submitted.saved) {
    return {
      intent: "edit" as const,
      reply: submitted.reply,
      variantChoices: await variantChoices(
        client,
        store.applicationKey,
        postedProductCodes(formData, "lines"),
        context.locale,
      ),
    };
  }
  return redirectWithToast(here, { tone: "success", message: "common:form.saved" }, request, context);
}

export default function StockTransferDetail() {
  const { t } = useTranslation(["stock-transfer", "common"]);
  const { title, transfer, editForm, moves, receiving, canDelete, confirmingDelete, packingListUrl } =
    useLoaderData<typeof loader>();
  return (
    <Page
      title={title}
      titleMetadata={<StatusBadge tone={STATUS_TONES[transfer.status]}>{t(`status.${transfer.status}`)}</StatusBadge>}
      backAction={{ content: t("common:shell.back"), url: LIST_URL }}
    >
      <BlockStack gap="400">
        <InlineStack gap="200" align="space-between">
          {moves.length > 0 ? <Moves /> : <span />}
          <PageLinks links={[{ content: t("packing-list"), url: packingListUrl }]} />
        </InlineStack>
        <DeletableRecord name={transfer.number} confirming={confirmingDelete} canDelete={canDelete}>
          <BlockStack gap="400">
            {editForm ? <EditDraft key={transfer.version} /> : <Lines />}
            {receiving && <Receive key={transfer.version} />}
            <Summary />
          </BlockStack>
        </DeletableRecord>
      </BlockStack>
    </Page>
  );
}

/** Send (takes the stock) or cancel a draft: plain forms over its version. */
function Moves() {
  const { t } = useTranslation("stock-transfer");
  const { transfer, moves } = useLoaderData<typeof loader>();
  return (
    <div className="page-inline">
      <InlineStack gap="200">
        {moves.map((to) => (
          <Form method="post" key={to} noValidate>
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="to" value={to} />
            <input type="hidden" name="version" value={transfer.version} />
            <Button
              submit
              variant={to === "sent" ? "primary" : undefined}
              tone={to === "cancelled" ? "critical" : undefined}
            >
              {to === "sent" ? t("send") : t("cancel-transfer")}
            </Button>
          </Form>
        ))}
      </InlineStack>
    </div>
  );
}

function EditDraft() {
  const { editForm } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [form, fields] = useStockTransferForm(
    editStockTransferFormSchema,
    result?.intent === "edit" ? result.reply : undefined,
    editForm!.defaultValue,
  );
  return (
    <SaveForm form={form} version={fields.version}>
      <StockTransferFields
        form={form}
        fields={fields}
        locations={editForm!.locations}
        variantChoices={{ ...editForm!.variantChoices, ...(result?.intent === "edit" ? result.variantChoices : {}) }}
      />
    </SaveForm>
  );
}

function Lines() {
  const { t } = useTranslation("stock-transfer");
  const { lines } = useLoaderData<typeof loader>();
  const numeric = (value: string | number) => (
    <Text as="span" numeric>
      {value}
    </Text>
  );
  return (
    <Card>
      <ListTable
        resourceName={{ singular: t("line"), plural: t("lines") }}
        itemCount={lines.length}
        emptyText={t("no-stock-transfers")}
        headings={[{ title: t("field.lines") }, { title: t("field.quantity") }, { title: t("field.received") }]}
      >
        {lines.map((line, index) => (
          <IndexTable.Row id={String(line.id)} key={line.id} position={index}>
            <IndexTable.Cell>
              {line.name}{" "}
              <Text as="span" tone="subdued">
                {line.code}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{numeric(line.quantity)}</IndexTable.Cell>
            <IndexTable.Cell>{numeric(line.received)}</IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </ListTable>
    </Card>
  );
}

/** The receipt form: what arrives per line still to come, by default all of it (the backend holds the limit too). */
function Receive() {
  const { t } = useTranslation("stock-transfer");
  const { lines } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const outstanding = lines.filter((line) => line.outstanding > 0);
  const [form, fields] = useZodForm(receiptFormSchema, result?.intent === "receive" ? result.reply : undefined, {
    lines: outstanding.map((line) => ({ line_id: line.id, quantity: String(line.outstanding) })),
  });
  const lineFields = fields.lines.getFieldList();
  return (
    <Card>
      <Form method="post" {...getFormProps(form)}>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t("section.receive")}
          </Text>
          <Text as="p" tone="subdued">
            {t("help.receive")}
          </Text>
          <FormErrors form={form} />
          <input type="hidden" name="intent" value="receive" />
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
                    {t("of", { received: line.received, total: line.quantity })}
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
          <LinesError field={fields.lines} />
          <InlineStack>
            <Button submit variant="primary">
              {t("record-receipt")}
            </Button>
          </InlineStack>
        </BlockStack>
      </Form>
    </Card>
  );
}

function Summary() {
  const { t } = useTranslation("stock-transfer");
  const { transfer, lines, editForm } = useLoaderData<typeof loader>();
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
        {row(t("field.from"), transfer.from)}
        {row(t("field.to"), transfer.to)}
        {row(t("column.create-date"), transfer.createdAt)}
        {row(t("field.sent"), transfer.sent)}
        {row(t("field.received"), transfer.received)}
        {transfer.receivedDate && row(t("field.received-date"), transfer.receivedDate)}
        {row(t("field.note"), transfer.note)}
        {/* A draft's lines against what the origin holds now, before it is sent. */}
        {editForm &&
          lines.map((line) =>
            row(`${line.name} (${t("field.stock-at-origin")})`, `${line.stockAtOrigin ?? "—"} / ${line.quantity}`),
          )}
      </BlockStack>
    </Card>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

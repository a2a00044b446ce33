import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Layout } from "@shopify/polaris/build/esm/components/Layout/Layout.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { formatHkd } from "#contract/money";
import { TRACKED_DELIVERY_METHODS } from "#contract/options";
import type { OrderRefundPreview } from "#contract/orders";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListTable } from "~/components/list-table";
import { PageLinks } from "~/components/page-links";
import { SaveForm } from "~/components/save-form";
import { StatusBadge } from "~/components/status-badge";
import { ActionFailure } from "~/server/action-client.server";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { asRouteError, recordId } from "~/server/errors.server";
import { submitForm } from "~/server/forms.server";
import { orderTotals } from "~/server/order-print.server";
import { can, requireCan } from "~/server/permissions.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { translateMessage } from "~/utils/messages";
import { titleMeta } from "~/utils/meta";
import { STATUS_TONES } from "./__order-list-filters";
import { DeliveryFields, deliveryFormSchema, deliveryFormValues } from "./__order-delivery-form";

export const handle: RouteHandle = { i18n: ["orders", "stores", "members"], parent: "/order/order-list" };
export const meta = titleMeta;

const LIST_URL = "/order/order-list";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "order:read");
  const { data: order } = await client
    .get_order_data_by_application_key_and_id({ application_key: store.applicationKey, id: recordId(params.id) })
    .catch(asRouteError);
  const canWrite = can(user, "order:write");
  return {
    title: context.t("orders:title.detail", { number: order.order_number }),
    order: {
      id: order.id,
      version: order.version,
      status: order.status,
      paymentStatus: order.payment_status,
      channel: order.channel,
      createdAt: hongKongTime(order.create_date),
      customer: { name: order.customer_name, email: order.customer_email, phone: order.customer_phone },
      deliveryMethod: order.delivery_method,
      paymentMethod: order.payment_method,
      tracked: (TRACKED_DELIVERY_METHODS as readonly (string | null)[]).includes(order.delivery_method),
      deliveryNumber: order.delivery_number,
      totals: orderTotals(order),
      total: formatHkd(order.total_cents),
      refunded: order.refunded_cents > 0 ? formatHkd(order.refunded_cents) : null,
    },
    lines: order.lines.map((line) => ({
      id: line.id,
      name: localizedName(line, context.locale, "name"),
      addOn: line.kind !== "product",
      unitPrice: formatHkd(line.unit_price_cents),
      quantity: line.quantity,
      refundable: line.quantity - line.refunded_quantity,
      refunded: line.refunded_quantity,
      total: formatHkd(line.line_total_cents),
    })),
    payments: order.payments.map((payment) => ({
      id: payment.id,
      method: payment.method,
      amount: formatHkd(payment.amount_cents),
      status: payment.status,
      proofs: payment.proof_image_urls,
    })),
    history: order.history.map((row) => ({
      id: row.id,
      time: hongKongTime(row.create_date),
      from: row.from_status,
      to: row.to_status,
      actor: row.actor_email,
      note: row.note,
    })),
    member: order.member,
    memberUrl: order.member && can(user, "member:read") ? `/member/member-list/detail/${order.member.id}` : null,
    moves: canWrite ? order.allowed_transitions.filter((to) => to !== "refunded") : [],
    canRefund: order.can_refund,
    canWrite,
    delivery: deliveryFormValues(order),
  };
}

/** The refund form's lines: a quantity (and restock box) per line id; lines left at 0 are not refunded. */
function refundLines(formData: FormData) {
  return [...formData.entries()].flatMap(([name, value]) => {
    const lineId = /^quantity\.(\d+)$/.exec(name)?.[1];
    const quantity = Number(value);
    if (!lineId || !Number.isSafeInteger(quantity) || quantity <= 0) return [];
    return [{ line_id: Number(lineId), quantity, restock: formData.get(`restock.${lineId}`) === "on" }];
  });
}

const text = (formData: FormData, name: string) => {
  const value = String(formData.get(name) ?? "").trim();
  return value === "" ? undefined : value;
};

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "order:write");
  const key = { application_key: store.applicationKey, id: recordId(params.id) };
  const url = `${LIST_URL}/detail/${key.id}`;
  const formData = await request.formData();
  const intent = formData.get("intent");
  const version = Number(formData.get("version"));
  const saved = () => redirectWithToast(url, { tone: "success", message: "common:form.saved" }, request, context);
  const failed = (error: unknown) => {
    if (!(error instanceof ActionFailure)) throw error;
    const messages = error.fields ? Object.values(error.fields).flat() : [error.messageKey];
    return { intent: "error" as const, messages };
  };
  try {
    if (intent === "delivery") {
      const submitted = await submitForm(formData, deliveryFormSchema, (value) =>
        client.update_order_delivery_data_by_application_key_and_id({ ...key, ...value }),
      );
      return submitted.saved ? saved() : { intent: "delivery" as const, reply: submitted.reply };
    }
    if (intent === "move") {
      await client.update_order_status_data_by_application_key_and_id({
        ...key,
        version,
        to: String(formData.get("to")) as never,
        note: text(formData, "note"),
        delivery_number: text(formData, "delivery_number"),
      });
      return saved();
    }
    const lines = refundLines(formData);
    if (lines.length === 0) return { intent: "error" as const, messages: ["refund-nothing-chosen"] };
    if (intent === "refund-preview") {
      const { data } = await client.get_order_refund_data_by_application_key_and_id({ ...key, lines });
      return { intent: "preview" as const, preview: data, lines, note: text(formData, "note") ?? "" };
    }
    await client.add_order_refund_data({ ...key, version, lines, note: text(formData, "note") });
    return saved();
  } catch (error) {
    return failed(error);
  }
}

export default function OrderDetail() {
  const { t } = useTranslation(["orders", "stores", "common"]);
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { order } = data;
  return (
    <Page
      title={data.title}
      subtitle={order.createdAt}
      titleMetadata={<StatusBadge tone={STATUS_TONES[order.status]}>{t(`status.${order.status}`)}</StatusBadge>}
      backAction={{ content: t("common:shell.back"), url: LIST_URL }}
    >
      <BlockStack gap="400">
        <PageLinks
          links={[
            { content: t("print.receipt"), url: `${LIST_URL}/detail/${order.id}/receipt?copy=1`, external: true },
            { content: t("print.invoice"), url: `${LIST_URL}/detail/${order.id}/invoice`, external: true },
          ]}
        />
        {result?.intent === "error" && (
          <Banner tone="critical">
            <p>{result.messages.map((message) => translateMessage(t, message)).join(" ")}</p>
          </Banner>
        )}
        {data.moves.length > 0 && <Moves />}
        <Layout>
          <Layout.Section>
            <BlockStack gap="400">
              <Lines />
              <Payments />
              {data.canRefund && <Refund preview={result?.intent === "preview" ? result : undefined} />}
              <History />
            </BlockStack>
          </Layout.Section>
          <Layout.Section variant="oneThird">
            <BlockStack gap="400">
              <Customer />
              <Card>
                <BlockStack gap="300">
                  <Text as="h2" variant="headingMd">
                    {t("section.delivery")}
                  </Text>
                  <Text as="p">{order.deliveryMethod ? t(`stores:delivery.${order.deliveryMethod}`) : t("none")}</Text>
                  <DeliveryForm reply={result?.intent === "delivery" ? result.reply : undefined} />
                </BlockStack>
              </Card>
            </BlockStack>
          </Layout.Section>
        </Layout>
      </BlockStack>
    </Page>
  );
}

/** One form per move the caller may make now; the ones that need words ask for them. */
function Moves() {
  const { t } = useTranslation("orders");
  const { order, moves } = useLoaderData<typeof loader>();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("section.actions")}
        </Text>
        <InlineStack gap="400" wrap blockAlign="end">
          {moves.map((to) => {
            const rejecting = order.status === "unverified_payment" && to === "awaiting_payment";
            const needsNumber = to === "delivering" && order.tracked;
            return (
              <Form method="post" noValidate key={to}>
                <input type="hidden" name="intent" value="move" />
                <input type="hidden" name="to" value={to} />
                <input type="hidden" name="version" value={order.version} />
                <InlineStack gap="200" blockAlign="end">
                  {(rejecting || to === "cancelled") && (
                    <label className="order-field">
                      {t(rejecting ? "move.reason" : "move.note")}
                      <input name="note" required={rejecting} />
                    </label>
                  )}
                  {needsNumber && (
                    <label className="order-field">
                      {t("field.delivery-number")}
                      <input name="delivery_number" required defaultValue={order.deliveryNumber ?? ""} />
                    </label>
                  )}
                  <Button submit tone={to === "cancelled" ? "critical" : undefined}>
                    {t(`move.${rejecting ? "reject" : to}` as "move.paid")}
                  </Button>
                </InlineStack>
              </Form>
            );
          })}
        </InlineStack>
      </BlockStack>
    </Card>
  );
}

function Lines() {
  const { t } = useTranslation("orders");
  const { order, lines } = useLoaderData<typeof loader>();
  return (
    <Card>
      <BlockStack gap="300">
        <ListTable
          resourceName={{ singular: t("line"), plural: t("lines") }}
          primaryColumn={0}
          itemCount={lines.length}
          emptyText={t("none")}
          headings={[
            { title: t("column.item") },
            { title: t("column.unit-price") },
            { title: t("column.quantity") },
            { title: t("column.line-total") },
          ]}
        >
          {lines.map((line, index) => (
            <IndexTable.Row id={String(line.id)} key={line.id} position={index}>
              <IndexTable.Cell>
                {line.addOn ? `+ ${line.name}` : line.name}
                {line.refunded > 0 && (
                  <Text as="span" tone="subdued">
                    {` ${t("refunded-quantity", { count: line.refunded })}`}
                  </Text>
                )}
              </IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" numeric>
                  {line.unitPrice}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" numeric>
                  {line.quantity}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" numeric>
                  {line.total}
                </Text>
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </ListTable>
        <BlockStack gap="100">
          {order.totals.map((row) => (
            <InlineStack key={row.key} align="space-between">
              <Text as="span">{t(`total.${row.key}`)}</Text>
              <Text as="span" numeric>
                {row.amount}
              </Text>
            </InlineStack>
          ))}
          <InlineStack align="space-between">
            <Text as="span" fontWeight="bold">
              {t("total.total")}
            </Text>
            <Text as="span" fontWeight="bold" numeric>
              {order.total}
            </Text>
          </InlineStack>
          {order.refunded && (
            <InlineStack align="space-between">
              <Text as="span">{t("total.refunded")}</Text>
              <Text as="span" numeric>
                {order.refunded}
              </Text>
            </InlineStack>
          )}
        </BlockStack>
      </BlockStack>
    </Card>
  );
}

function Payments() {
  const { t } = useTranslation(["orders", "stores"]);
  const { order, payments } = useLoaderData<typeof loader>();
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {t("section.payment")}
        </Text>
        <Text as="p">{t(`payment-status.${order.paymentStatus}`)}</Text>
        {payments.length === 0 && <Text as="p">{t("no-payments")}</Text>}
        {payments.map((payment) => (
          <BlockStack gap="100" key={payment.id}>
            <Text as="p">
              {`${t(`stores:payment.${payment.method}`)} · ${payment.amount} · ${t(`payment-status.${payment.status}`)}`}
            </Text>
            {payment.proofs.map((url, index) => (
              <Link key={url} url={url} target="_blank">
                {t("proof", { number: index + 1 })}
              </Link>
            ))}
          </BlockStack>
        ))}
      </BlockStack>
    </Card>
  );
}

/**
 * The refund: lines and restock boxes, previewed first; the figures come with a confirm form that posts
 * exactly the previewed lines (JS off: the same two steps, each a page load).
 */
function Refund({ preview }: { preview?: { preview: OrderRefundPreview; lines: RefundLine[]; note: string } }) {
  const { t } = useTranslation("orders");
  const { order, lines } = useLoaderData<typeof loader>();
  const chosen = new Map(preview?.lines.map((line) => [line.line_id, line]));
  const refundable = lines.filter((line) => line.refundable > 0);
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("section.refund")}
        </Text>
        <Form method="post" noValidate>
          <BlockStack gap="300">
            <input type="hidden" name="intent" value="refund-preview" />
            {refundable.map((line) => (
              <InlineStack key={line.id} gap="300" blockAlign="center" wrap>
                <label className="order-field">
                  {t("refund.quantity-of", { name: line.name, count: line.refundable })}
                  <input
                    type="number"
                    name={`quantity.${line.id}`}
                    min={0}
                    max={line.refundable}
                    defaultValue={chosen.get(line.id)?.quantity ?? 0}
                  />
                </label>
                <label>
                  <input
                    type="checkbox"
                    name={`restock.${line.id}`}
                    defaultChecked={chosen.get(line.id)?.restock ?? true}
                  />{" "}
                  {t("refund.restock")}
                </label>
              </InlineStack>
            ))}
            <label className="order-field">
              {t("move.note")}
              <input name="note" defaultValue={preview?.note ?? ""} />
            </label>
            <InlineStack>
              <Button submit>{t("refund.preview")}</Button>
            </InlineStack>
          </BlockStack>
        </Form>
        {preview && (
          <Form method="post" noValidate>
            <BlockStack gap="300">
              <RefundFigures preview={preview.preview} />
              <input type="hidden" name="intent" value="refund" />
              <input type="hidden" name="version" value={order.version} />
              <input type="hidden" name="note" value={preview.note} />
              {preview.lines.map((line) => (
                <span key={line.line_id}>
                  <input type="hidden" name={`quantity.${line.line_id}`} value={line.quantity} />
                  {line.restock && <input type="hidden" name={`restock.${line.line_id}`} value="on" />}
                </span>
              ))}
              <InlineStack>
                <Button submit variant="primary" tone="critical">
                  {t("refund.confirm", { amount: formatHkd(preview.preview.amount_cents) })}
                </Button>
              </InlineStack>
            </BlockStack>
          </Form>
        )}
      </BlockStack>
    </Card>
  );
}

type RefundLine = { line_id: number; quantity: number; restock: boolean };

function RefundFigures({ preview }: { preview: OrderRefundPreview }) {
  const { t } = useTranslation("orders");
  const rows = [
    ["refund.lines-amount", formatHkd(preview.lines_amount_cents)],
    ["refund.reclaim", (preview.cash_dollar_reclaim_cents / 100).toFixed(2)],
    ["refund.unrecoverable", (preview.unrecoverable_cash_dollar_cents / 100).toFixed(2)],
    ["refund.deduction", formatHkd(-preview.deduction_cents)],
    ["refund.restored", (preview.cash_dollar_restored_cents / 100).toFixed(2)],
    ["refund.amount", formatHkd(preview.amount_cents)],
  ] as const;
  return (
    <Banner tone={preview.deduction_cents > 0 ? "warning" : "info"}>
      <BlockStack gap="100">
        {preview.full && <Text as="p">{t("refund.full")}</Text>}
        {rows.map(([key, value]) => (
          <InlineStack key={key} align="space-between">
            <Text as="span">{t(key)}</Text>
            <Text as="span" numeric>
              {value}
            </Text>
          </InlineStack>
        ))}
      </BlockStack>
    </Banner>
  );
}

function History() {
  const { t } = useTranslation("orders");
  const { history } = useLoaderData<typeof loader>();
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {t("section.history")}
        </Text>
        {history.map((row) => (
          <Text as="p" key={row.id}>
            {`${row.time} · ${row.from ? `${t(`status.${row.from}`)} → ` : ""}${t(`status.${row.to}`)} · ${
              row.actor ?? t("actor-system")
            }${row.note ? ` · ${row.note}` : ""}`}
          </Text>
        ))}
      </BlockStack>
    </Card>
  );
}

function Customer() {
  const { t } = useTranslation(["orders", "members"]);
  const { order, member, memberUrl } = useLoaderData<typeof loader>();
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {t("section.customer")}
        </Text>
        <Text as="p">{order.customer.name}</Text>
        {order.customer.email && <Text as="p">{order.customer.email}</Text>}
        {order.customer.phone && <Text as="p">{order.customer.phone}</Text>}
        {member && (
          <Text as="p">
            {memberUrl ? <Link url={memberUrl}>{member.member_code}</Link> : member.member_code}
            {` · ${t(`members:level.${member.level}` as "members:level.vip")}`}
          </Text>
        )}
      </BlockStack>
    </Card>
  );
}

function DeliveryForm({ reply }: { reply?: Parameters<typeof useZodForm>[1] }) {
  const { delivery, canWrite, order } = useLoaderData<typeof loader>();
  const editable = canWrite && !["completed", "cancelled", "refunded"].includes(order.status);
  const [form, fields] = useZodForm(deliveryFormSchema, reply, delivery);
  return (
    <SaveForm form={form} readOnly={!editable} version={fields.version}>
      <input type="hidden" name="intent" value="delivery" />
      <FormLayout>
        <DeliveryFields fields={fields} />
      </FormLayout>
    </SaveForm>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

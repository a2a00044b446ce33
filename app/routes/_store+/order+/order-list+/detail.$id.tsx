import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { InlineError } from "@shopify/polaris/build/esm/components/InlineError/InlineError.js";
import { InlineGrid } from "@shopify/polaris/build/esm/components/InlineGrid/InlineGrid.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Layout } from "@shopify/polaris/build/esm/components/Layout/Layout.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { hongKongTime } from "#contract/dates";
import { hkdAsCents, optional } from "#contract/field-rules";
import { localizedLineName, localizedName } from "#contract/localized";
import { centsToDollars, formatHkd } from "#contract/money";
import { TRACKED_DELIVERY_METHODS } from "#contract/options";
import type { OrderStatus } from "#contract/order-states";
import { orderPayloads, type OrderRefundPreview } from "#modules/order/contract";
import { REFUND_DESTINATIONS } from "#modules/order/options";
import { groupedGiftCardCode } from "#modules/gift-card/options";
import { CheckboxInput, SelectInput } from "~/components/choice-inputs";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListTable } from "~/components/list-table";
import { FormErrors } from "~/components/form-errors";
import { PageLinks } from "~/components/page-links";
import { PayLinkShare } from "~/components/pay-link-share";
import { asksToConfirmReceived, ConfirmReceivedForm } from "~/components/received-amount";
import { SaveForm } from "~/components/save-form";
import { StatusBadge } from "~/components/status-badge";
import { TextInput } from "~/components/text-input";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { asRouteError, recordId } from "~/server/errors.server";
import { submitForm } from "~/server/forms.server";
import { refundFormSchema, withChosenLines } from "~/server/refund-form.server";
import { orderTotals } from "~/server/order-print.server";
import { payLinkEmailed, payLinkShare } from "~/server/pay-link-share.server";
import { can, requireCan } from "~/server/permissions.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { translateErrors } from "~/utils/messages";
import { titleMeta } from "~/utils/meta";
import { STATUS_TONES } from "./__order-list-filters";
import { DeliveryFields, deliveryFormSchema, deliveryFormValues } from "./__order-delivery-form";

export const handle: RouteHandle = { i18n: ["order", "stores", "member"], parent: "/order/order-list" };
export const meta = titleMeta;

const LIST_URL = "/order/order-list";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "order:read");
  const { data: order } = await client
    .get_order_data_by_application_key_and_id({ application_key: store.applicationKey, id: recordId(params.id) })
    .catch(asRouteError);
  const canWrite = can(user, "order:write");
  const locationName = (id: number | null) =>
    order.locations
      .filter((location) => location.id === id)
      .map((location) => localizedName(location, context.locale, "name"))[0] ?? null;
  // With one location there is nowhere else stock could be: the page says nothing of it.
  const severalLocations = order.locations.length > 1;
  return {
    title: context.t("order:title.detail", { number: order.order_number }),
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
      owed: formatHkd(order.amount_owed_cents),
      owedDollars: centsToDollars(order.amount_owed_cents),
      reference: order.payment_reference,
      remindedAt: order.payment_reminded_at ? hongKongTime(order.payment_reminded_at) : null,
      location: severalLocations ? locationName(order.location_id) : null,
    },
    restockLocations: severalLocations
      ? order.locations.map((location) => ({
          value: String(location.id),
          label: localizedName(location, context.locale, "name"),
        }))
      : [],
    lines: order.lines.map((line) => ({
      id: line.id,
      name: localizedLineName(line, context.locale),
      addOn: line.kind !== "product",
      unitPrice: formatHkd(line.unit_price_cents),
      quantity: line.quantity,
      refundable: line.quantity - line.refunded_quantity,
      refunded: line.refunded_quantity,
      total: formatHkd(line.line_total_cents),
      from: severalLocations ? locationName(line.location_id) : null,
    })),
    payments: order.payments.map((payment) => ({
      id: payment.id,
      method: payment.method,
      amount: formatHkd(payment.amount_cents),
      status: payment.status,
      proofs: payment.proof_image_urls,
      expected: formatHkd(payment.status === "no_payment_record" ? order.amount_owed_cents : payment.amount_cents),
      received: payment.received_cents === null ? null : formatHkd(payment.received_cents),
    })),
    history: order.history.map((row) => ({
      id: row.id,
      time: hongKongTime(row.create_date),
      from: row.from_status,
      to: row.to_status,
      actor: row.actor_email,
      note: row.note,
    })),
    giftCards: order.gift_cards.map((card) => ({
      id: card.id,
      code: card.masked_code,
      amount: formatHkd(card.initial_cents),
      balance: formatHkd(card.balance_cents),
      disabled: card.disabled,
    })),
    canSeeGiftCards: can(user, "gift_card:read"),
    canPrintGiftCards: can(user, "gift_card:write"),
    member: order.member,
    memberUrl: order.member && can(user, "member:read") ? `/member/member-list/detail/${order.member.id}` : null,
    moves: canWrite ? order.allowed_transitions.filter((to) => to !== "refunded") : [],
    canRefund: order.can_refund,
    canWrite,
    delivery: deliveryFormValues(order),
    payLink: order.pay_link && {
      share: payLinkShare(request, order.pay_link, {
        phone: order.customer_phone,
        store: order.store.name,
        purpose: { kind: "order", number: order.order_number },
        amountCents: order.total_cents,
      }),
      email: !canWrite
        ? null
        : order.customer_email
          ? { intent: "pay-link-email", label: context.t("common:pay-link.email", { email: order.customer_email }) }
          : ("no-address" as const),
    },
    locale: context.locale,
  };
}

/**
 * A status move as its form posts it: the move, the version it was offered over, the words it asks for, and for a
 * verification the amount received, typed in dollars.
 */
const moveFormSchema = orderPayloads.update_order_status_data_by_application_key_and_id
  .omit({ application_key: true, id: true })
  .extend({ received_cents: optional(hkdAsCents()) });

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "order:write");
  const key = { application_key: store.applicationKey, id: recordId(params.id) };
  const url = `${LIST_URL}/detail/${key.id}`;
  const formData = await request.formData();
  const intent = formData.get("intent");
  const saved = () => redirectWithToast(url, { tone: "success", message: "common:form.saved" }, request, context);

  if (intent === "pay-link-email") {
    return payLinkEmailed(
      formData,
      (language) => client.add_order_pay_link_email_data({ ...key, language }),
      url,
      request,
      context,
    );
  }
  if (intent === "delivery") {
    const submitted = await submitForm(formData, deliveryFormSchema, (value) =>
      client.update_order_delivery_data_by_application_key_and_id({ ...key, ...value }),
    );
    return submitted.saved ? saved() : { intent: "delivery" as const, reply: submitted.reply };
  }
  if (intent === "move") {
    const submitted = await submitForm(formData, moveFormSchema, (value) =>
      client.update_order_status_data_by_application_key_and_id({ ...key, ...value }),
    );
    return submitted.saved
      ? saved()
      : {
          intent: "move" as const,
          to: formData.get("to"),
          reply: submitted.reply,
          received: String(formData.get("received_cents") ?? ""),
        };
  }
  // The preview and its confirmation post the same fields; both answer to the refund form.
  let preview: OrderRefundPreview | undefined;
  let giftCardCode: string | null = null;
  const submitted = await submitForm(formData, refundFormSchema, (value) =>
    withChosenLines(value, async (lines) => {
      if (intent === "refund-preview") {
        preview = (await client.get_order_refund_data_by_application_key_and_id({ ...key, lines })).data;
      } else {
        const { data } = await client.add_order_refund_data({
          ...key,
          version: value.version ?? 0,
          lines,
          note: value.note,
          refund_to: value.refund_to,
          location_id: value.location_id,
        });
        giftCardCode = data.gift_card_code;
      }
    }),
  );
  if (!submitted.saved) return { intent: "refund" as const, reply: submitted.reply };
  // A new gift card's code is shown once, on this answer, never in a link or a toast.
  if (giftCardCode) return { intent: "gift-card" as const, code: giftCardCode };
  if (intent !== "refund-preview") return saved();
  return { intent: "preview" as const, preview: preview!, value: submitted.value };
}

export default function OrderDetail() {
  const { t } = useTranslation(["order", "stores", "common"]);
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
        {data.payLink && (
          <PayLinkShare
            title={t("common:pay-link.title")}
            link={data.payLink.share}
            email={data.payLink.email}
            locale={data.locale}
          />
        )}
        {data.moves.length > 0 && <Moves result={result?.intent === "move" ? result : undefined} />}
        <Layout>
          <Layout.Section>
            <BlockStack gap="400">
              <Lines />
              <Payments />
              {data.canRefund && <Refund result={result} />}
              {data.giftCards.length > 0 && <GiftCards />}
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
                  {order.location && (
                    <Text as="p">
                      {t(order.channel === "pos" ? "location.sold-at" : "location.collect-at", {
                        name: order.location,
                      })}
                    </Text>
                  )}
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
function Moves({ result }: { result?: { to: unknown; reply: SubmissionResult<string[]>; received: string } }) {
  const { t } = useTranslation("order");
  const { moves, order } = useLoaderData<typeof loader>();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("section.actions")}
        </Text>
        <InlineStack gap="400" wrap blockAlign="end">
          {moves.map((to) => (
            <MoveForm key={to} to={to} reply={result?.to === to ? result.reply : undefined} />
          ))}
        </InlineStack>
        {result?.to === "paid" && asksToConfirmReceived(result.reply) && (
          <ConfirmReceivedForm version={order.version} received={result.received} />
        )}
      </BlockStack>
    </Card>
  );
}

function MoveForm({ to, reply }: { to: OrderStatus; reply?: SubmissionResult<string[]> }) {
  const { t } = useTranslation(["order", "stores"]);
  const { order } = useLoaderData<typeof loader>();
  const rejecting = order.status === "unverified_payment" && to === "awaiting_payment";
  const verifying = order.status === "unverified_payment" && to === "paid";
  const needsNumber = to === "delivering" && order.tracked;
  const [form, fields] = useZodForm(moveFormSchema, reply, {
    to,
    version: order.version,
    note: "",
    delivery_number: order.deliveryNumber ?? "",
    received_cents: order.owedDollars,
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name={fields.to.name} value={to} />
      <input type="hidden" name={fields.version.name} value={order.version} />
      <BlockStack gap="200">
        <FormErrors form={form} />
        {(rejecting || to === "cancelled") && (
          <TextInput field={fields.note} label={t(rejecting ? "move.reason" : "move.note")} autoComplete="off" />
        )}
        {needsNumber && (
          <TextInput field={fields.delivery_number} label={t("field.delivery-number")} autoComplete="off" />
        )}
        {verifying && (
          <TextInput
            field={fields.received_cents}
            label={t("stores:payment-match.received-field")}
            helpText={t("stores:payment-match.expected", { amount: order.owed, reference: order.reference })}
            autoComplete="off"
          />
        )}
        <InlineStack>
          <Button submit tone={to === "cancelled" ? "critical" : undefined}>
            {t(`move.${rejecting ? "reject" : to}` as "move.paid")}
          </Button>
        </InlineStack>
      </BlockStack>
    </Form>
  );
}

function Lines() {
  const { t } = useTranslation("order");
  const { order, lines } = useLoaderData<typeof loader>();
  return (
    <Card>
      <BlockStack gap="300">
        <ListTable
          resourceName={{ singular: t("line"), plural: t("lines") }}
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
                <span>{line.addOn ? `+ ${line.name}` : line.name}</span>
                {line.refunded > 0 && (
                  <Text as="span" tone="subdued">
                    {` ${t("refunded-quantity", { count: line.refunded })}`}
                  </Text>
                )}
                {line.from && (
                  <Text as="p" tone="subdued" variant="bodySm">
                    {t("location.line-from", { name: line.from })}
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
  const { t } = useTranslation(["order", "stores"]);
  const { order, payments } = useLoaderData<typeof loader>();
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {t("section.payment")}
        </Text>
        <Text as="p">{t(`payment-status.${order.paymentStatus}`)}</Text>
        {order.remindedAt && <Text as="p">{t("reminded-at", { time: order.remindedAt })}</Text>}
        {payments.length === 0 && <Text as="p">{t("no-payments")}</Text>}
        {payments.map((payment) => (
          <BlockStack gap="100" key={payment.id}>
            <Text as="p">
              {`${t(`stores:payment.${payment.method}`)} · ${payment.amount} · ${t(`payment-status.${payment.status}`)}`}
            </Text>
            {payment.proofs.length > 0 && (
              <Text as="p" tone="subdued">
                {t("stores:payment-match.expected", { amount: payment.expected, reference: order.reference })}
              </Text>
            )}
            {payment.received && <Text as="p">{t("stores:payment-match.received", { amount: payment.received })}</Text>}
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
 * exactly the previewed lines (JS off: the same two steps, each a page load). A refusal of either step
 * comes back to the lines with its errors beside them.
 */
function Refund({ result }: { result?: ReturnType<typeof useActionData<typeof action>> }) {
  const { t } = useTranslation("order");
  const { order, lines, member, restockLocations } = useLoaderData<typeof loader>();
  const refundable = lines.filter((line) => line.refundable > 0);
  const preview = result?.intent === "preview" ? result : undefined;
  const chosen = new Map(preview?.value.lines.map((line) => [line.line_id, line]));
  const [form, fields] = useZodForm(refundFormSchema, result?.intent === "refund" ? result.reply : undefined, {
    lines: refundable.map((line) => ({
      line_id: line.id,
      quantity: String(chosen.get(line.id)?.quantity ?? 0),
      restock: chosen.get(line.id)?.restock === false ? "" : "on",
    })),
    note: preview?.value.note ?? "",
    refund_to: preview?.value.refund_to ?? "original",
    location_id: preview?.value.location_id === undefined ? "" : String(preview.value.location_id),
  });
  const destinations = REFUND_DESTINATIONS.filter((to) => to !== "store_credit" || member !== null).map((to) => ({
    value: to,
    label: t(`refund.to.${to}`),
  }));
  const lineFields = fields.lines.getFieldList();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("section.refund")}
        </Text>
        <Form method="post" {...getFormProps(form)}>
          <BlockStack gap="300">
            <FormErrors form={form} />
            <input type="hidden" name="intent" value="refund-preview" />
            {refundable.map((line, index) => {
              const field = lineFields[index]?.getFieldset();
              if (!field) return null;
              return (
                <InlineGrid key={line.id} columns={{ xs: 1, sm: ["twoThirds", "oneThird"] }} gap="300" alignItems="end">
                  <input type="hidden" name={field.line_id.name} value={line.id} />
                  <TextInput
                    field={field.quantity}
                    type="number"
                    label={t("refund.quantity-of", { name: line.name, count: line.refundable })}
                    autoComplete="off"
                  />
                  <CheckboxInput field={field.restock} label={t("refund.restock")} />
                </InlineGrid>
              );
            })}
            {fields.lines.errors?.length ? (
              <InlineError message={translateErrors(t, fields.lines.errors)!} fieldID={fields.lines.id} />
            ) : null}
            <SelectInput field={fields.refund_to} label={t("refund.to.label")} choices={destinations} />
            {restockLocations.length > 0 && (
              <SelectInput
                field={fields.location_id}
                label={t("location.restock-at")}
                choices={[{ value: "", label: t("location.restock-where-taken") }, ...restockLocations]}
              />
            )}
            <TextInput field={fields.note} label={t("move.note")} autoComplete="off" />
            <InlineStack>
              <Button submit>{t("refund.preview")}</Button>
            </InlineStack>
          </BlockStack>
        </Form>
        {result?.intent === "gift-card" && (
          <Banner tone="success" title={t("refund.gift-card-issued")}>
            <Text as="p" variant="headingLg" fontWeight="bold">
              <span data-testid="refund-gift-card-code">{groupedGiftCardCode(result.code)}</span>
            </Text>
          </Banner>
        )}
        {preview && (
          <Form method="post" noValidate>
            <BlockStack gap="300">
              <RefundFigures preview={preview.preview} />
              <input type="hidden" name="intent" value="refund" />
              <input type="hidden" name="version" value={order.version} />
              <input type="hidden" name="note" value={preview.value.note ?? ""} />
              <input type="hidden" name="refund_to" value={preview.value.refund_to} />
              <input type="hidden" name="location_id" value={preview.value.location_id ?? ""} />
              {preview.value.lines.map((line, index) => (
                <span key={line.line_id} hidden>
                  <input type="hidden" name={`lines[${index}].line_id`} value={line.line_id} />
                  <input type="hidden" name={`lines[${index}].quantity`} value={line.quantity} />
                  {line.restock && <input type="hidden" name={`lines[${index}].restock`} value="on" />}
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

function RefundFigures({ preview }: { preview: OrderRefundPreview }) {
  const { t } = useTranslation("order");
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

/** The gift cards the order's gift-card lines issued when it was paid, codes masked. */
function GiftCards() {
  const { t } = useTranslation("order");
  const { giftCards, canSeeGiftCards, canPrintGiftCards } = useLoaderData<typeof loader>();
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {t("section.gift-cards")}
        </Text>
        {giftCards.map((card) => (
          <InlineStack key={card.id} gap="300" blockAlign="center">
            {canSeeGiftCards ? (
              <Link url={`/gift-card-list/${card.id}`}>{card.code}</Link>
            ) : (
              <Text as="span">{card.code}</Text>
            )}
            <Text as="span" numeric>
              {card.disabled ? t("gift-card-disabled", card) : t("gift-card-balance", card)}
            </Text>
            {canPrintGiftCards && !card.disabled && (
              <Link url={`/gift-card-list/${card.id}/print`} target="_blank">
                {t("gift-card-print", card)}
              </Link>
            )}
          </InlineStack>
        ))}
      </BlockStack>
    </Card>
  );
}

function History() {
  const { t } = useTranslation("order");
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
  const { t } = useTranslation(["order", "member"]);
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
            {` · ${t(`member:level.${member.level}` as "member:level.vip")}`}
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

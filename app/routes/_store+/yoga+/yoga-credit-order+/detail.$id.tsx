import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Layout } from "@shopify/polaris/build/esm/components/Layout/Layout.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { payloads } from "#contract/actions";
import type { CreditOrderStaffMove } from "#modules/credit-order/contract";
import { hongKongDate, hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { hkdAsCents, optional } from "#contract/field-rules";
import { centsToDollars, formatHkd } from "#contract/money";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PayLinkShare } from "~/components/pay-link-share";
import { FormErrors } from "~/components/form-errors";
import { asksToConfirmReceived, ConfirmReceivedForm } from "~/components/received-amount";
import { StatusBadge } from "~/components/status-badge";
import { TextInput } from "~/components/text-input";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { asRouteError, recordId } from "~/server/errors.server";
import { submitForm } from "~/server/forms.server";
import { payLinkEmailed, payLinkShare } from "~/server/pay-link-share.server";
import { can, requireCan } from "~/server/permissions.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { LIST_URL, STATUS_TONES } from "./__credit-order-list";

export const handle: RouteHandle = { i18n: ["credit-order", "stores"], parent: LIST_URL };
export const meta = titleMeta;

/** A move as its form posts it; a verification's amount received is typed in dollars. */
const moveFormSchema = payloads.update_credit_order_status_data_by_application_key_and_id
  .omit({ application_key: true, id: true })
  .extend({ received_cents: optional(hkdAsCents()) });
const refundFormSchema = payloads.update_credit_order_refund_data_by_application_key_and_id.omit({
  application_key: true,
  id: true,
});

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "credit_package:read");
  const { data: order } = await client
    .get_credit_order_data_by_application_key_and_id({ application_key: store.applicationKey, id: recordId(params.id) })
    .catch(asRouteError);
  const canWrite = can(user, "credit_package:write");
  const time = (iso: string | null) => (iso ? hongKongTime(iso) : null);
  return {
    title: context.t("credit-order:title.detail", { id: order.id }),
    order: {
      id: order.id,
      version: order.version,
      status: order.status,
      channel: order.channel,
      createdAt: hongKongTime(order.create_date),
      member: { name: order.member_name, code: order.member_code, phone: order.member_phone },
      packageName: localizedName(order, context.locale, "package_name"),
      credits: order.credits,
      validityDays: order.validity_days,
      validityStarts: order.validity_starts,
      price: formatHkd(order.price_cents),
      priceDollars: centsToDollars(order.price_cents),
      reference: order.payment_reference,
      received: order.received_cents === null ? null : formatHkd(order.received_cents),
      paymentMethod: order.payment_method,
      paymentStatus: order.payment_status,
      proofs: order.proof_image_urls,
      note: order.note,
      actor: order.actor_email,
      paidAt: time(order.paid_at),
      cancelledAt: time(order.cancelled_at),
      refundedAt: time(order.refunded_at),
    },
    credit: order.credit && {
      granted: order.credit.credits_granted,
      remaining: order.credit.credits_remaining,
      status: order.credit.status,
      expires: order.credit.expires_at ? hongKongDate(new Date(order.credit.expires_at)) : null,
    },
    memberUrl: can(user, "member:read") ? `/member/member-list/detail/${order.member_id}` : null,
    moves: canWrite ? order.allowed_transitions : [],
    canRefund: canWrite && order.can_refund,
    payLink: order.pay_link && {
      share: payLinkShare(request, order.pay_link, {
        phone: order.member_phone,
        store: store.storeName,
        purpose: {
          kind: "credit-order",
          id: order.id,
          package: { zh_hk: order.package_name_zh_hk, en: order.package_name_en },
        },
        amountCents: order.price_cents,
      }),
      email: !canWrite
        ? null
        : order.member_email
          ? { intent: "pay-link-email", label: context.t("common:pay-link.email", { email: order.member_email }) }
          : ("no-address" as const),
    },
    locale: context.locale,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "credit_package:write");
  const key = { application_key: store.applicationKey, id: recordId(params.id) };
  const formData = await request.formData();
  const saved = () =>
    redirectWithToast(
      `${LIST_URL}/detail/${key.id}`,
      { tone: "success", message: "common:form.saved" },
      request,
      context,
    );
  if (formData.get("intent") === "pay-link-email") {
    return payLinkEmailed(
      formData,
      (language) => client.add_credit_order_pay_link_email_data({ ...key, language }),
      `${LIST_URL}/detail/${key.id}`,
      request,
      context,
    );
  }
  if (formData.get("intent") === "refund") {
    const submitted = await submitForm(formData, refundFormSchema, (value) =>
      client.update_credit_order_refund_data_by_application_key_and_id({ ...key, ...value }),
    );
    return submitted.saved ? saved() : { intent: "refund" as const, to: null, reply: submitted.reply, received: "" };
  }
  const submitted = await submitForm(formData, moveFormSchema, (value) =>
    client.update_credit_order_status_data_by_application_key_and_id({ ...key, ...value }),
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

export default function CreditOrderDetail() {
  const { t } = useTranslation(["credit-order", "stores", "common"]);
  const { title, order, credit, memberUrl, moves, canRefund, payLink, locale } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <Page
      title={title}
      subtitle={order.createdAt}
      titleMetadata={<StatusBadge tone={STATUS_TONES[order.status]}>{t(`status.${order.status}`)}</StatusBadge>}
      backAction={{ content: t("common:shell.back"), url: LIST_URL }}
    >
      <BlockStack gap="400">
        {payLink && (
          <PayLinkShare title={t("common:pay-link.title")} link={payLink.share} email={payLink.email} locale={locale} />
        )}
        {(moves.length > 0 || canRefund) && (
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                {t("section.actions")}
              </Text>
              <InlineStack gap="400" wrap blockAlign="end">
                {moves.map((to) => (
                  <MoveForm
                    key={to}
                    to={to}
                    reply={result?.intent === "move" && result.to === to ? result.reply : undefined}
                  />
                ))}
                {canRefund && <RefundForm reply={result?.intent === "refund" ? result.reply : undefined} />}
              </InlineStack>
              {result?.intent === "move" && result.to === "paid" && asksToConfirmReceived(result.reply) && (
                <ConfirmReceivedForm version={order.version} received={result.received} />
              )}
            </BlockStack>
          </Card>
        )}
        <Layout>
          <Layout.Section>
            <BlockStack gap="400">
              <Section title={t("section.package")}>
                <Text as="p" fontWeight="semibold">
                  {order.packageName}
                </Text>
                <Text as="p">
                  {t("package-line", {
                    credits: order.credits,
                    price: order.price,
                    days: order.validityDays,
                    starts: t(`validity-starts.${order.validityStarts}`),
                  })}
                </Text>
                <Text as="p">{`${t(`channel.${order.channel}`)}${order.actor ? ` · ${t("sold-by", { email: order.actor })}` : ""}`}</Text>
                {order.note && <Text as="p">{order.note}</Text>}
              </Section>
              <Section title={t("section.payment")}>
                <Text as="p">{`${t(`stores:payment.${order.paymentMethod}`)} · ${order.price}`}</Text>
                <Text as="p">{t(`payment-status.${order.paymentStatus}`)}</Text>
                {order.paidAt && <Text as="p">{t("paid-at", { time: order.paidAt })}</Text>}
                {order.cancelledAt && <Text as="p">{t("cancelled-at", { time: order.cancelledAt })}</Text>}
                {order.refundedAt && <Text as="p">{t("refunded-at", { time: order.refundedAt })}</Text>}
                {order.received && <Text as="p">{t("stores:payment-match.received", { amount: order.received })}</Text>}
                {order.channel === "online" && order.proofs.length === 0 && <Text as="p">{t("no-proof")}</Text>}
                {order.proofs.length > 0 && (
                  <Text as="p" tone="subdued">
                    {t("stores:payment-match.expected", { amount: order.price, reference: order.reference })}
                  </Text>
                )}
                {order.proofs.map((url, index) => (
                  <Link key={url} url={url} target="_blank">
                    {t("proof", { number: index + 1 })}
                  </Link>
                ))}
              </Section>
            </BlockStack>
          </Layout.Section>
          <Layout.Section variant="oneThird">
            <BlockStack gap="400">
              <Section title={t("section.member")}>
                <Text as="p">{order.member.name}</Text>
                <Text as="p">{memberUrl ? <Link url={memberUrl}>{order.member.code}</Link> : order.member.code}</Text>
                {order.member.phone && <Text as="p">{order.member.phone}</Text>}
              </Section>
              <Section title={t("section.credits")}>
                {!credit ? (
                  <Text as="p">{t("credit.none")}</Text>
                ) : credit.status === "refunded" ? (
                  <Text as="p">{t("credit.taken-back")}</Text>
                ) : (
                  <>
                    <Text as="p" fontWeight="semibold">
                      {t("credit.remaining", { remaining: credit.remaining, granted: credit.granted })}
                    </Text>
                    <Text as="p">
                      {credit.expires
                        ? t("credit.expires", { date: credit.expires })
                        : t("credit.not-started", { days: order.validityDays })}
                    </Text>
                  </>
                )}
              </Section>
            </BlockStack>
          </Layout.Section>
        </Layout>
      </BlockStack>
    </Page>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {title}
        </Text>
        {children}
      </BlockStack>
    </Card>
  );
}

/** A move over the version the page was loaded with; rejecting a proof asks for the reason it e-mails. */
function MoveForm({ to, reply }: { to: CreditOrderStaffMove; reply?: SubmissionResult<string[]> }) {
  const { t } = useTranslation(["credit-order", "stores"]);
  const { order } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(moveFormSchema, reply, {
    to,
    version: order.version,
    note: "",
    received_cents: order.priceDollars,
  });
  const verifying = to === "paid" && order.status === "unverified_payment";
  const label = to === "awaiting_payment" ? "reject" : verifying ? "verify" : to;
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name={fields.to.name} value={to} />
      <input type="hidden" name={fields.version.name} value={order.version} />
      <BlockStack gap="200">
        <FormErrors form={form} />
        {to !== "paid" && (
          <TextInput
            field={fields.note}
            label={t(to === "awaiting_payment" ? "move.reason" : "move.note")}
            autoComplete="off"
          />
        )}
        {verifying && (
          <TextInput
            field={fields.received_cents}
            label={t("stores:payment-match.received-field")}
            helpText={t("stores:payment-match.expected", { amount: order.price, reference: order.reference })}
            autoComplete="off"
          />
        )}
        <InlineStack>
          <Button
            submit
            variant={to === "paid" ? "primary" : undefined}
            tone={to === "cancelled" ? "critical" : undefined}
          >
            {t(`move.${label}`)}
          </Button>
        </InlineStack>
      </BlockStack>
    </Form>
  );
}

function RefundForm({ reply }: { reply?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("credit-order");
  const { order, credit } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(refundFormSchema, reply, { version: order.version, note: "" });
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name={fields.version.name} value={order.version} />
      <BlockStack gap="200">
        <FormErrors form={form} />
        <TextInput field={fields.note} label={t("move.note")} autoComplete="off" />
        <Text as="p" tone="subdued">
          {t("refund.help", { count: credit?.remaining ?? 0 })}
        </Text>
        <InlineStack>
          <Button submit tone="critical">
            {t("refund.button")}
          </Button>
        </InlineStack>
      </BlockStack>
    </Form>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

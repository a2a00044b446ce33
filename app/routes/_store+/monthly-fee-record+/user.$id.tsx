import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { payloads } from "#contract/actions";
import { hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { formatHkd } from "#contract/money";
import { SelectInput } from "~/components/choice-inputs";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PayLinkShare } from "~/components/pay-link-share";
import { ReminderCard } from "~/components/reminder-card";
import { FormErrors } from "~/components/form-errors";
import { StatusBadge } from "~/components/status-badge";
import { TextInput } from "~/components/text-input";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { asRouteError, recordId } from "~/server/errors.server";
import { submitForm } from "~/server/forms.server";
import { payLinkEmailed, payLinkShare } from "~/server/pay-link-share.server";
import { reminderWhatsAppLinks } from "~/server/reminder-share.server";
import { can, requireCan } from "~/server/permissions.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { LIST_URL, memberFeesUrl, STATUS_TONES } from "./__monthly-fees";

export const handle: RouteHandle = { i18n: ["monthly-fee", "stores"], parent: LIST_URL };
export const meta = titleMeta;

const payFormSchema = payloads.update_monthly_fee_record_payment_data_by_application_key_and_id.omit({
  application_key: true,
});
const cancelFormSchema = payloads.update_monthly_fee_record_cancellation_data_by_application_key_and_id.omit({
  application_key: true,
});
const renewalFormSchema = payloads.update_monthly_fee_record_renewal_data_by_application_key_and_id.omit({
  application_key: true,
});
type Intent = "pay" | "cancel" | "renewal";
const PAY_LINK_INTENT = "pay-link-email";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "monthly_fee:read");
  const canWrite = can(user, "monthly_fee:write");
  const key = { application_key: store.applicationKey };
  const [{ data }, options] = await Promise.all([
    client.get_monthly_fee_record_data_list_by_application_key_and_member_id({
      ...key,
      member_id: recordId(params.id),
    }),
    canWrite ? client.get_monthly_fee_record_option_data_list_by_application_key_and_keyword(key) : null,
  ]).catch(asRouteError);
  return {
    title: context.t("monthly-fee:title.member-records", { name: data.member.name }),
    subtitle: [data.member.member_code, data.member.phone].filter(Boolean).join(" · "),
    memberId: data.member.id,
    nextDue: data.next_due_date,
    latestStatus: data.latest_status,
    records: data.records.map((record) => ({
      id: record.id,
      version: record.version,
      plan: localizedName(record, context.locale, "plan_name"),
      period: context.t("monthly-fee:period-value", { from: record.period_start, to: record.period_end }),
      days: record.days,
      amount: formatHkd(record.amount_cents),
      status: record.status,
      renews: record.renews,
      paid:
        record.paid_at && record.payment_method
          ? `${context.t(`stores:payment.${record.payment_method}`)} · ${hongKongTime(record.paid_at)}`
          : null,
      note: record.note,
      // While pending: the reminder sent, and the member's on WhatsApp by hand.
      reminder:
        record.status === "pending"
          ? {
              sentAt: record.reminded_at ? hongKongTime(record.reminded_at) : null,
              whatsapp: reminderWhatsAppLinks(data.member.phone, store.storeName, {
                kind: "monthly-fee",
                plan: { zh_hk: record.plan_name_zh_hk, en: record.plan_name_en },
                from: record.period_start,
                to: record.period_end,
                amountCents: record.amount_cents,
              }),
            }
          : null,
      payLink:
        record.pay_link &&
        payLinkShare(request, record.pay_link, {
          phone: data.member.phone,
          store: store.storeName,
          purpose: {
            kind: "monthly-fee",
            plan: { zh_hk: record.plan_name_zh_hk, en: record.plan_name_en },
            from: record.period_start,
            to: record.period_end,
          },
          amountCents: record.amount_cents,
        }),
    })),
    payLinkEmail: canWrite ? context.t("common:pay-link.email", { email: data.member.email }) : null,
    locale: context.locale,
    paymentMethods: (options?.data.payment_methods ?? []).map((method) => ({
      value: method,
      label: context.t(`stores:payment.${method}`),
    })),
    canWrite,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "monthly_fee:write");
  const memberId = recordId(params.id);
  const formData = await request.formData();
  const key = { application_key: store.applicationKey };
  if (formData.get("intent") === PAY_LINK_INTENT) {
    return payLinkEmailed(
      formData,
      (language) =>
        client.add_monthly_fee_record_pay_link_email_data({
          ...key,
          id: recordId(String(formData.get("id"))),
          language,
        }),
      memberFeesUrl(memberId),
      request,
      context,
    );
  }
  const intent = String(formData.get("intent")) as Intent;
  const submitted =
    intent === "pay"
      ? await submitForm(formData, payFormSchema, (value) =>
          client.update_monthly_fee_record_payment_data_by_application_key_and_id({ ...key, ...value }),
        )
      : intent === "cancel"
        ? await submitForm(formData, cancelFormSchema, (value) =>
            client.update_monthly_fee_record_cancellation_data_by_application_key_and_id({ ...key, ...value }),
          )
        : await submitForm(formData, renewalFormSchema, (value) =>
            client.update_monthly_fee_record_renewal_data_by_application_key_and_id({ ...key, ...value }),
          );
  if (!submitted.saved) return { intent, id: Number(formData.get("id")), reply: submitted.reply };
  const message =
    intent === "pay"
      ? "monthly-fee:saved-paid"
      : intent === "cancel"
        ? "monthly-fee:saved-cancelled"
        : "common:form.saved";
  return redirectWithToast(memberFeesUrl(memberId), { tone: "success", message }, request, context);
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["records"][number];

export default function MemberMonthlyFees() {
  const { t } = useTranslation(["monthly-fee", "common"]);
  const { title, subtitle, memberId, nextDue, latestStatus, records, canWrite, payLinkEmail, locale } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const replyFor = (intent: Intent, id: number) =>
    result && result.intent === intent && result.id === id ? result.reply : undefined;
  return (
    <Page
      title={title}
      subtitle={subtitle}
      backAction={{ content: t("common:shell.back"), url: LIST_URL }}
      primaryAction={canWrite ? { content: t("add-record"), url: `${LIST_URL}/add?member_id=${memberId}` } : undefined}
    >
      <BlockStack gap="400">
        <Card>
          <InlineStack gap="800" wrap>
            <BlockStack gap="100">
              <Text as="h2" variant="headingSm">
                {t("next-due")}
              </Text>
              <Text as="p" variant="headingLg" numeric>
                {nextDue ?? t("next-due-none")}
              </Text>
            </BlockStack>
            {latestStatus && (
              <BlockStack gap="100">
                <Text as="h2" variant="headingSm">
                  {t("latest-status")}
                </Text>
                <InlineStack>
                  <StatusBadge tone={STATUS_TONES[latestStatus]}>{t(`status.${latestStatus}`)}</StatusBadge>
                </InlineStack>
              </BlockStack>
            )}
          </InlineStack>
        </Card>
        {records.length === 0 && (
          <Card>
            <Text as="p">{t("no-member-records")}</Text>
          </Card>
        )}
        {records.map((record) => (
          <BlockStack gap="200" key={record.id}>
            <Card>
              <BlockStack gap="300">
                <InlineStack gap="200" align="space-between" blockAlign="center" wrap>
                  <Text as="h2" variant="headingMd" numeric>
                    {record.period}
                  </Text>
                  <StatusBadge tone={STATUS_TONES[record.status]}>{t(`status.${record.status}`)}</StatusBadge>
                </InlineStack>
                <Text as="p">{`${record.plan} · ${t("days-value", { days: record.days })} · ${record.amount}`}</Text>
                <Text as="p" tone="subdued">
                  {record.renews ? t("renews-yes") : t("renews-no")}
                </Text>
                {record.paid && <Text as="p">{record.paid}</Text>}
                {record.note && <Text as="p">{record.note}</Text>}
                {canWrite && (
                  <BlockStack gap="400">
                    {record.status === "pending" && <PayForm record={record} reply={replyFor("pay", record.id)} />}
                    <InlineStack gap="200" wrap>
                      {record.status === "pending" && (
                        <SimpleForm
                          intent="cancel"
                          record={record}
                          schema={cancelFormSchema}
                          reply={replyFor("cancel", record.id)}
                          label={t("cancel")}
                          critical
                        />
                      )}
                      {record.status !== "cancelled" && (
                        <SimpleForm
                          intent="renewal"
                          record={record}
                          schema={renewalFormSchema}
                          reply={replyFor("renewal", record.id)}
                          label={record.renews ? t("stop-renewing") : t("resume-renewing")}
                        />
                      )}
                    </InlineStack>
                  </BlockStack>
                )}
              </BlockStack>
            </Card>
            {record.reminder && <ReminderCard sentAt={record.reminder.sentAt} whatsapp={record.reminder.whatsapp} />}
            {record.payLink && (
              <PayLinkShare
                title={t("common:pay-link.title")}
                link={record.payLink}
                email={
                  payLinkEmail === null
                    ? null
                    : { intent: PAY_LINK_INTENT, fields: { id: record.id }, label: payLinkEmail }
                }
                locale={locale}
              />
            )}
          </BlockStack>
        ))}
      </BlockStack>
    </Page>
  );
}

/** Marks a pending fee paid: the method the store takes at the counter, the time (now when empty). */
function PayForm({ record, reply }: { record: Row; reply?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("monthly-fee");
  const { paymentMethods } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(payFormSchema, reply, {
    id: record.id,
    payment_method: paymentMethods[0]?.value ?? "",
    paid_at: "",
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="pay" />
      <input type="hidden" name={fields.id.name} value={record.id} />
      <BlockStack gap="200">
        <FormErrors form={form} />
        <SelectInput field={fields.payment_method} label={t("field.payment-method")} choices={paymentMethods} />
        <TextInput
          field={fields.paid_at}
          label={t("field.paid-at")}
          helpText={t("help.paid-at")}
          type="datetime-local"
          autoComplete="off"
        />
        <InlineStack>
          <Button submit variant="primary">
            {t("mark-paid")}
          </Button>
        </InlineStack>
      </BlockStack>
    </Form>
  );
}

/** A one-button move: cancel a pending fee, or stop or resume renewing (over the record's version). */
function SimpleForm({
  intent,
  record,
  schema,
  reply,
  label,
  critical = false,
}: {
  intent: "cancel" | "renewal";
  record: Row;
  schema: typeof cancelFormSchema | typeof renewalFormSchema;
  reply?: SubmissionResult<string[]>;
  label: string;
  critical?: boolean;
}) {
  const [form] = useZodForm(schema, reply, { id: record.id });
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={record.id} />
      {intent === "renewal" && (
        <>
          <input type="hidden" name="version" value={record.version} />
          {!record.renews && <input type="hidden" name="renews" value="on" />}
        </>
      )}
      <BlockStack gap="200">
        <FormErrors form={form} />
        <InlineStack>
          <Button submit tone={critical ? "critical" : undefined}>
            {label}
          </Button>
        </InlineStack>
      </BlockStack>
    </Form>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { hongKongDateTime, hongKongDateTimeInput } from "#modules/promotion/contract";
import { hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { centsToDollars, formatHkd } from "#contract/money";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormSection } from "~/components/form-section";
import { QueryInput } from "~/components/query-input";
import { SaveForm } from "~/components/save-form";
import { StatusBadge } from "~/components/status-badge";
import { TextInput } from "~/components/text-input";
import { LabelValue } from "~/components/label-value";
import { PayLinkShare } from "~/components/pay-link-share";
import { ReminderCard } from "~/components/reminder-card";
import { ActionFailure } from "~/server/action-client.server";
import { redirectWithToast, refusalToast, requireStore } from "~/server/auth.server";
import { asRouteError, httpError, recordId } from "~/server/errors.server";
import { replyWithFailure } from "~/server/forms.server";
import { payLinkEmailed, payLinkShare } from "~/server/pay-link-share.server";
import { reminderWhatsAppLinks } from "~/server/reminder-share.server";
import { can, requireCan } from "~/server/permissions.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import {
  CustomerFields,
  editRecordFormSchema,
  HiddenFieldErrors,
  returnFormSchema,
  settleFormSchema,
} from "./__record-form";
import { productUrl, RECORD_LIST_URL, RECORD_STATUS_TONES, recordUrl } from "./__renting";

export const handle: RouteHandle = { i18n: ["renting"], parent: RECORD_LIST_URL };
export const meta = titleMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "renting:read");
  const id = recordId(params.id);
  const url = new URL(request.url);
  const asked = url.searchParams.get("returned_at") ?? "";
  const typed = hongKongDateTime().safeParse(asked);
  const { data: record } = await client
    .get_renting_record_data_by_application_key_and_id({
      application_key: store.applicationKey,
      id,
      returned_at: typed.success ? typed.data : undefined,
    })
    .catch(asRouteError);
  const canWrite = can(user, "renting:write");
  const { t, locale } = context;
  const preview = record.return_preview;
  return {
    title: t("renting:title.record-detail", { id: record.id }),
    canWrite,
    record: {
      id: record.id,
      status: record.status,
      version: record.version,
      product: localizedName(record.product, locale, "name"),
      productUrl: productUrl(record.product_id),
      customer: [record.customer_name, record.customer_phone, record.customer_email].filter(Boolean).join(" · "),
      memberCode: record.member_code,
      units: record.units,
      period: `${hongKongTime(record.starts_at)} – ${hongKongTime(record.ends_at)}`,
      rent: formatHkd(record.rent_cents),
      deposit: formatHkd(record.deposit_cents),
      lateFee: record.late_fee_cents > 0 ? formatHkd(record.late_fee_cents) : null,
      refunded: record.deposit_refunded_cents === null ? null : formatHkd(record.deposit_refunded_cents),
      deducted:
        record.deposit_refunded_cents !== null && record.deposit_refunded_cents < record.deposit_cents
          ? t("renting:deducted", {
              amount: formatHkd(record.deposit_cents - record.deposit_refunded_cents),
              note: record.deposit_deduction_note,
            })
          : null,
      note: record.note,
      history: (
        [
          ["booked-at", record.create_date],
          ["picked-up-at", record.picked_up_at],
          ["returned-at", record.returned_at],
          ["completed-at", record.completed_at],
          ["cancelled-at", record.cancelled_at],
          ["reminded-at", record.reminded_at],
        ] as const
      ).flatMap(([label, at]) => (at ? [{ label, at: hongKongTime(at) }] : [])),
      actor: record.actor_email,
    },
    returnedAtTyped: typed.success ? asked : "",
    returnPreview: preview
      ? t(preview.late_fee_cents > 0 ? "renting:return-preview" : "renting:on-time", {
          time: hongKongTime(preview.returned_at),
          days: preview.late_days,
          fee: formatHkd(preview.late_fee_cents),
        })
      : null,
    editValues: {
      member_id: record.member_id === null ? "" : String(record.member_id),
      customer_name: record.customer_name,
      customer_phone: record.customer_phone,
      customer_email: record.customer_email,
      units: String(record.units),
      starts_at: hongKongDateTimeInput(record.starts_at),
      ends_at: hongKongDateTimeInput(record.ends_at),
      note: record.note,
      version: record.version,
    },
    isMember: record.member_id !== null,
    depositDollars: centsToDollars(record.deposit_cents),
    confirmingCancel: canWrite && record.status === "success" && url.searchParams.get("cancel") === "1",
    // While out: the due-back reminder sent, and the customer's on WhatsApp by hand.
    reminder:
      record.status === "rented"
        ? {
            sentAt: record.reminded_at ? hongKongTime(record.reminded_at) : null,
            whatsapp: reminderWhatsAppLinks(record.customer_phone, store.storeName, {
              kind: "rental",
              id: record.id,
              endsAt: record.ends_at,
              units: record.units,
              product: { zh_hk: record.product.name_zh_hk, en: record.product.name_en },
            }),
          }
        : null,
    payLink: record.pay_link && {
      share: payLinkShare(request, record.pay_link, {
        phone: record.customer_phone,
        store: store.storeName,
        purpose: {
          kind: "rental",
          id: record.id,
          product: { zh_hk: record.product.name_zh_hk, en: record.product.name_en },
        },
        amountCents: record.deposit_cents,
      }),
      email: !canWrite
        ? null
        : record.customer_email
          ? { intent: "pay-link-email", label: t("common:pay-link.email", { email: record.customer_email }) }
          : ("no-address" as const),
    },
    locale,
  };
}

const intentOf = z.enum(["rented", "cancelled", "returned", "completed", "edit", "pay-link-email"]);
type Intent = z.infer<typeof intentOf>;
type Reply = { intent: Intent; reply: SubmissionResult<string[]> } | undefined;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "renting:write");
  const id = recordId(params.id);
  const here = recordUrl(id);
  const formData = await request.formData();
  const intent = intentOf.safeParse(formData.get("intent"));
  if (!intent.success) throw httpError(400, "bad-request");
  const key = { application_key: store.applicationKey, id };
  const done = (message: string) =>
    redirectWithToast(here, { tone: "success", message: `renting:${message}` }, request, context);

  if (intent.data === "pay-link-email") {
    return payLinkEmailed(
      formData,
      (language) => client.add_renting_record_pay_link_email_data({ ...key, language }),
      here,
      request,
      context,
    );
  }
  if (intent.data === "rented" || intent.data === "cancelled") {
    const version = Number(formData.get("version"));
    try {
      await client.update_renting_record_status_data_by_application_key_and_id({
        ...key,
        status: intent.data,
        version,
      });
    } catch (error) {
      if (!(error instanceof ActionFailure) || error.status === 403) throw error;
      return redirectWithToast(here, refusalToast(error.messageKey), request, context);
    }
    return done(intent.data === "rented" ? "picked-up" : "cancelled");
  }
  const schema = { returned: returnFormSchema, completed: settleFormSchema, edit: editRecordFormSchema }[intent.data];
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return { intent: intent.data, reply: submission.reply() };
  try {
    if (intent.data === "edit") {
      await client.update_renting_record_data_by_application_key_and_id({
        ...key,
        ...(submission.value as z.output<typeof editRecordFormSchema>),
      });
    } else {
      await client.update_renting_record_status_data_by_application_key_and_id({
        ...key,
        status: intent.data,
        ...(submission.value as z.output<typeof returnFormSchema> | z.output<typeof settleFormSchema>),
      });
    }
  } catch (error) {
    return { intent: intent.data, reply: replyWithFailure(submission, error) };
  }
  return done(intent.data === "edit" ? "saved" : intent.data);
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

export default function RentingRecordDetail() {
  const { t } = useTranslation(["renting", "common"]);
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as Reply;
  const { record, canWrite } = data;
  const replyFor = (intent: Intent) => (result?.intent === intent ? result.reply : undefined);
  return (
    <Page
      title={data.title}
      subtitle={record.period}
      titleMetadata={
        <StatusBadge tone={RECORD_STATUS_TONES[record.status]}>{t(`status.${record.status}`)}</StatusBadge>
      }
      backAction={{ content: t("common:shell.back"), url: RECORD_LIST_URL }}
    >
      <BlockStack gap="400">
        {data.confirmingCancel && (
          <Banner tone="warning" title={t("cancel-confirm")}>
            <Form method="post" noValidate>
              <input type="hidden" name="intent" value="cancelled" />
              <input type="hidden" name="version" value={record.version} />
              <InlineStack gap="200">
                <Button submit tone="critical" variant="primary">
                  {t("cancel-yes")}
                </Button>
                <Button url="?">{t("keep")}</Button>
              </InlineStack>
            </Form>
          </Banner>
        )}
        {data.payLink && (
          <PayLinkShare
            title={t("common:pay-link.title")}
            link={data.payLink.share}
            email={data.payLink.email}
            locale={data.locale}
          />
        )}
        <Card>
          <BlockStack gap="200">
            <Text as="h2" variant="headingMd">
              {t("section.rental")}
            </Text>
            <LabelValue label={t("field.product")}>
              <Link url={record.productUrl}>{record.product}</Link>
            </LabelValue>
            <LabelValue label={t("field.customer")}>{record.customer}</LabelValue>
            {record.memberCode && <LabelValue label={t("field.member")}>{record.memberCode}</LabelValue>}
            <LabelValue label={t("field.units")}>{String(record.units)}</LabelValue>
            <LabelValue label={t("column.period")}>{record.period}</LabelValue>
            <LabelValue label={t("field.rent")}>{record.rent}</LabelValue>
            <LabelValue label={t("field.deposit-taken")}>{record.deposit}</LabelValue>
            {record.lateFee && <LabelValue label={t("field.late-fee")}>{record.lateFee}</LabelValue>}
            {record.refunded && <LabelValue label={t("field.deposit-refunded")}>{record.refunded}</LabelValue>}
            {record.deducted && <LabelValue label={t("field.deduction-note")}>{record.deducted}</LabelValue>}
            {record.note && <LabelValue label={t("field.note")}>{record.note}</LabelValue>}
          </BlockStack>
        </Card>
        {canWrite && record.status === "success" && (
          <Card>
            <InlineStack gap="200" wrap>
              <Form method="post" noValidate>
                <input type="hidden" name="intent" value="rented" />
                <input type="hidden" name="version" value={record.version} />
                <Button submit variant="primary">
                  {t("pick-up")}
                </Button>
              </Form>
              <Button url="?cancel=1" tone="critical">
                {t("cancel")}
              </Button>
            </InlineStack>
          </Card>
        )}
        {data.reminder && <ReminderCard sentAt={data.reminder.sentAt} whatsapp={data.reminder.whatsapp} />}
        {canWrite && record.status === "rented" && <ReturnForm data={data} result={replyFor("returned")} />}
        {canWrite && record.status === "returned" && (
          <SettleForm key={record.version} data={data} result={replyFor("completed")} />
        )}
        {canWrite && record.status === "success" && (
          <EditForm key={record.version} data={data} result={replyFor("edit")} />
        )}
        <Card>
          <BlockStack gap="200">
            <Text as="h2" variant="headingMd">
              {t("section.history")}
            </Text>
            {record.history.map((entry) => (
              <LabelValue key={entry.label} label={t(`field.${entry.label}`)}>
                {entry.at}
              </LabelValue>
            ))}
            {record.actor && <LabelValue label={t("field.actor")}>{record.actor}</LabelValue>}
          </BlockStack>
        </Card>
      </BlockStack>
    </Page>
  );
}

/** The return: a time typed (now without one) shows its late fee, then the return is confirmed at it. */
function ReturnForm({ data, result }: { data: Data; result: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("renting");
  const [form, fields] = useZodForm(returnFormSchema, result, {
    returned_at: data.returnedAtTyped,
    version: data.record.version,
  });
  return (
    <FormSection title={t("section.return")}>
      <Form method="get" replace preventScrollReset noValidate>
        <InlineStack gap="200" blockAlign="end" wrap>
          <QueryInput
            name="returned_at"
            label={t("field.returned-at")}
            type="datetime-local"
            value={data.returnedAtTyped}
            helpText={t("help.returned-at")}
          />
          <Button submit>{t("show-late-fee")}</Button>
        </InlineStack>
      </Form>
      {data.returnPreview && (
        <Text as="p" variant="headingSm">
          {data.returnPreview}
        </Text>
      )}
      <SaveForm form={form} version={fields.version} submitLabel={t("confirm-return")}>
        <input type="hidden" name="intent" value="returned" />
        <input type="hidden" name={fields.returned_at.name} value={data.returnedAtTyped} />
        <HiddenFieldErrors fields={[fields.returned_at]} />
      </SaveForm>
    </FormSection>
  );
}

/** The deposit's settlement: all of it back unless a deduction is typed with its reason. */
function SettleForm({ data, result }: { data: Data; result: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("renting");
  const [form, fields] = useZodForm(settleFormSchema, result, {
    deposit_refunded_cents: data.depositDollars,
    version: data.record.version,
  });
  return (
    <SaveForm form={form} version={fields.version} submitLabel={t("settle")}>
      <input type="hidden" name="intent" value="completed" />
      <FormSection title={t("section.settle")}>
        <FormLayout>
          <TextInput
            field={fields.deposit_refunded_cents}
            label={t("field.deposit-refunded")}
            helpText={t("help.deposit-refunded")}
            autoComplete="off"
          />
          <TextInput field={fields.deposit_deduction_note} label={t("field.deduction-note")} autoComplete="off" />
        </FormLayout>
      </FormSection>
    </SaveForm>
  );
}

/** A booked rental's customer, units and range; saved over the version shown, priced again. */
function EditForm({ data, result }: { data: Data; result: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("renting");
  const [form, fields] = useZodForm(editRecordFormSchema, result, data.editValues);
  return (
    <SaveForm form={form} version={fields.version}>
      <input type="hidden" name="intent" value="edit" />
      <FormSection title={t("section.edit")}>
        <FormLayout>
          <FormLayout.Group>
            <TextInput
              field={fields.starts_at}
              label={t("field.starts-at")}
              type="datetime-local"
              helpText={t("help.range")}
              autoComplete="off"
            />
            <TextInput field={fields.ends_at} label={t("field.ends-at")} type="datetime-local" autoComplete="off" />
            <TextInput field={fields.units} label={t("field.units")} autoComplete="off" />
          </FormLayout.Group>
          {data.isMember ? (
            <input type="hidden" name={fields.member_id.name} value={data.editValues.member_id} />
          ) : (
            <CustomerFields fields={fields} members={null} />
          )}
          <TextInput field={fields.note} label={t("field.note")} multiline={3} autoComplete="off" />
        </FormLayout>
      </FormSection>
    </SaveForm>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

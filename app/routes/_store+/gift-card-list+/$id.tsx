import type { SubmissionResult } from "@conform-to/react";
import { data as withHeaders, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { DataTable } from "@shopify/polaris/build/esm/components/DataTable/DataTable.js";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { hongKongTime } from "#contract/dates";
import { formatHkd } from "#contract/money";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormSection } from "~/components/form-section";
import { LabelValue } from "~/components/label-value";
import { OrderReference } from "~/components/order-link";
import { SaveForm } from "~/components/save-form";
import { StatusBadge } from "~/components/status-badge";
import { TextInput } from "~/components/text-input";
import { ActionFailure } from "~/server/action-client.server";
import { commit, redirectWithToast, refusalToast, requireStore } from "~/server/auth.server";
import { asRouteError, httpError, recordId } from "~/server/errors.server";
import { submitForm } from "~/server/forms.server";
import { can, requireCan } from "~/server/permissions.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { CodeOnce } from "./__code-once";
import { newCodeOf, redirectWithNewCode, type NewCard } from "./__code-once.server";
import { cardUrl, LIST_URL, STATUS_TONES } from "./__gift-card";
import {
  adjustFormSchema,
  detailsFormSchema,
  ExpiryField,
  reasonFormSchema,
  RecipientFields,
} from "./__gift-card-form";

export const handle: RouteHandle = { i18n: ["gift-card"], parent: LIST_URL };
export const meta = titleMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "gift_card:read");
  const { data: card } = await client
    .get_gift_card_data_by_application_key_and_id({ application_key: store.applicationKey, id: recordId(params.id) })
    .catch(asRouteError);
  const { t } = context;
  // A code just issued or reissued comes once, as a flash: reading it here is the only time it shows.
  const newCode = await newCodeOf(request, context, store.applicationKey, card.id);
  const body = {
    title: t("gift-card:title.detail", { code: card.masked_code }),
    newCode: newCode.code,
    canWrite: can(user, "gift_card:write"),
    card: {
      id: card.id,
      status: card.status,
      version: card.version,
      code: card.masked_code,
      usable: card.disabled_at === null,
      hasBalance: card.balance_cents > 0,
      // The daily job took its balance when it expired (a kind `expire` entry): a later expiry does not give it back.
      balanceExpired: card.entries.some((entry) => entry.kind === "expire"),
      balance: formatHkd(card.balance_cents),
      initial: formatHkd(card.initial_cents),
      expiry: card.expiry_date,
      recipientName: card.recipient_name,
      recipientEmail: card.recipient_email,
      language: card.recipient_language,
      note: card.note,
      disabledAt: card.disabled_at && hongKongTime(card.disabled_at),
      disabledReason: card.disabled_reason,
      replacedBy: card.replaced_by_id,
      replaces: card.replaces_id,
      created: hongKongTime(card.create_date),
    },
    entries: card.entries.map((entry) => ({
      id: entry.id,
      when: hongKongTime(entry.create_date),
      what: t(`gift-card:kind.${entry.kind}`),
      order:
        entry.order_id === null || entry.order_number === null
          ? null
          : { id: entry.order_id, label: t("gift-card:order", { number: entry.order_number }) },
      amount: `${entry.amount_cents > 0 ? "+" : "−"}${formatHkd(Math.abs(entry.amount_cents))}`,
      balance: formatHkd(entry.balance_after_cents),
      reason: entry.reason ?? "",
      by: entry.actor_email,
    })),
    canReadOrders: can(user, "order:read"),
  };
  return withHeaders(body, newCode.flashed ? { headers: await commit(newCode.session, context) } : undefined);
}

const intentOf = z.enum(["edit", "adjust", "disable", "reissue", "email"]);
type Intent = z.infer<typeof intentOf>;
type Reply = { intent: Intent; reply: SubmissionResult<string[]> };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "gift_card:write");
  const id = recordId(params.id);
  const here = cardUrl(id);
  const formData = await request.formData();
  const intent = intentOf.safeParse(formData.get("intent"));
  if (!intent.success) throw httpError(400, "bad-request");
  const key = { application_key: store.applicationKey };
  const done = (message: string) =>
    redirectWithToast(here, { tone: "success", message: `gift-card:${message}` }, request, context);

  if (intent.data === "email") {
    try {
      await client.add_gift_card_email_data({ ...key, gift_card_id: id });
    } catch (error) {
      if (!(error instanceof ActionFailure) || error.status === 403) throw error;
      return redirectWithToast(here, refusalToast(error.messageKey), request, context);
    }
    return done("sent");
  }
  if (intent.data === "edit") {
    const submitted = await submitForm(formData, detailsFormSchema, (value) =>
      client.update_gift_card_data_by_application_key_and_id({ ...key, id, ...value }),
    );
    return submitted.saved ? done("details-saved") : { intent: intent.data, reply: submitted.reply };
  }
  if (intent.data === "adjust") {
    const submitted = await submitForm(formData, adjustFormSchema, (value) =>
      client.add_gift_card_entry_data({ ...key, gift_card_id: id, ...value }),
    );
    return submitted.saved ? done("adjusted") : { intent: intent.data, reply: submitted.reply };
  }
  if (intent.data === "disable") {
    const submitted = await submitForm(formData, reasonFormSchema, (value) =>
      client.update_gift_card_disabled_data_by_application_key_and_id({ ...key, id, ...value }),
    );
    return submitted.saved ? done("disabled") : { intent: intent.data, reply: submitted.reply };
  }
  let reissued: NewCard | undefined;
  const submitted = await submitForm(formData, reasonFormSchema, async (value) => {
    reissued = (await client.add_gift_card_reissue_data({ ...key, gift_card_id: id, ...value })).data;
  });
  if (!submitted.saved) return { intent: intent.data, reply: submitted.reply };
  return redirectWithNewCode(request, context, { applicationKey: store.applicationKey, ...(reissued as NewCard) });
}

export default function GiftCardDetail() {
  const { t } = useTranslation(["gift-card", "common"]);
  const { title, canWrite, canReadOrders, card, entries, newCode } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as Reply | undefined;
  const replyFor = (intent: Intent) => (result?.intent === intent ? result.reply : undefined);
  return (
    <Page
      title={title}
      titleMetadata={<StatusBadge tone={STATUS_TONES[card.status]}>{t(`status.${card.status}`)}</StatusBadge>}
      backAction={{ content: t("common:shell.back"), url: LIST_URL }}
      secondaryActions={canWrite ? [{ content: t("print"), url: `${cardUrl(card.id)}/print` }] : undefined}
    >
      <BlockStack gap="400">
        {newCode && (
          <CodeOnce card={{ id: card.id, code: newCode }} message={t(card.replaces ? "reissued" : "issued")} />
        )}
        <Card>
          <BlockStack gap="200">
            <Text as="h2" variant="headingMd">
              {t("section.card")}
            </Text>
            <LabelValue label={t("field.code")}>{card.code}</LabelValue>
            <LabelValue label={t("field.balance")}>{card.balance}</LabelValue>
            <LabelValue label={t("column.initial")}>{card.initial}</LabelValue>
            <LabelValue label={t("field.expiry-date")}>{card.expiry ?? t("no-expiry")}</LabelValue>
            <LabelValue label={t("column.issued")}>{card.created}</LabelValue>
            {card.recipientName && <LabelValue label={t("field.recipient-name")}>{card.recipientName}</LabelValue>}
            {card.recipientEmail && <LabelValue label={t("field.recipient-email")}>{card.recipientEmail}</LabelValue>}
            <LabelValue label={t("field.recipient-language")}>{t(`language.${card.language}`)}</LabelValue>
            {card.note && <LabelValue label={t("field.note")}>{card.note}</LabelValue>}
            {card.disabledAt && <LabelValue label={t("field.disabled-at")}>{card.disabledAt}</LabelValue>}
            {card.disabledReason && <LabelValue label={t("field.disabled-reason")}>{card.disabledReason}</LabelValue>}
            {card.replacedBy && (
              <LabelValue label={t("field.replaced-by")}>
                <Link url={cardUrl(card.replacedBy)}>{t("open-new-card")}</Link>
              </LabelValue>
            )}
            {card.replaces && (
              <LabelValue label={t("field.replaces")}>
                <Link url={cardUrl(card.replaces)}>{`#${card.replaces}`}</Link>
              </LabelValue>
            )}
          </BlockStack>
        </Card>
        {canWrite && card.usable && (
          <>
            <DetailsForm key={`edit-${card.version}`} card={card} result={replyFor("edit")} />
            <AdjustForm key={`adjust-${entries.length}`} result={replyFor("adjust")} />
            {card.recipientEmail ? (
              <FormSection title={t("section.send")}>
                <Form method="post" noValidate>
                  <input type="hidden" name="intent" value="email" />
                  <Button submit>{t("send-email", { email: card.recipientEmail })}</Button>
                </Form>
              </FormSection>
            ) : null}
            {card.hasBalance && (
              <ReasonForm
                key={`reissue-${card.version}`}
                intent="reissue"
                version={card.version}
                result={replyFor("reissue")}
                title={t("section.reissue")}
                help={t("help.reissue", { balance: card.balance })}
                submitLabel={t("reissue")}
              />
            )}
            <ReasonForm
              key={`disable-${card.version}`}
              intent="disable"
              version={card.version}
              result={replyFor("disable")}
              title={t("section.disable")}
              help={t("help.disable")}
              submitLabel={t("disable")}
            />
          </>
        )}
        <Card>
          <BlockStack gap="200">
            <Text as="h2" variant="headingMd">
              {t("section.ledger")}
            </Text>
            <DataTable
              columnContentTypes={["text", "text", "numeric", "numeric", "text", "text"]}
              headings={[
                t("column.when"),
                t("column.what"),
                t("column.amount"),
                t("column.balance-after"),
                t("column.reason"),
                t("column.by"),
              ]}
              rows={entries.map((entry) => [
                entry.when,
                <Fragment key={entry.id}>
                  {entry.what}
                  {entry.order && (
                    <>
                      {" · "}
                      <OrderReference id={entry.order.id} label={entry.order.label} linked={canReadOrders} />
                    </>
                  )}
                </Fragment>,
                entry.amount,
                entry.balance,
                entry.reason,
                entry.by,
              ])}
            />
          </BlockStack>
        </Card>
      </BlockStack>
    </Page>
  );
}

/** The card's expiry, recipient and note, saved over the version shown (a stale one is 409 above the kept input). */
function DetailsForm({
  card,
  result,
}: {
  card: {
    version: number;
    expiry: string | null;
    balanceExpired: boolean;
    recipientName: string;
    recipientEmail: string;
    language: string;
    note: string | null;
  };
  result: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("gift-card");
  const [form, fields] = useZodForm(detailsFormSchema, result, {
    version: card.version,
    expiry_date: card.expiry ?? "",
    recipient_name: card.recipientName,
    recipient_email: card.recipientEmail,
    recipient_language: card.language,
    note: card.note ?? "",
  });
  return (
    <SaveForm form={form} version={fields.version} submitLabel={t("save-details")}>
      <input type="hidden" name="intent" value="edit" />
      <FormSection title={t("section.details")}>
        <FormLayout>
          <Text as="p">{t("help.details")}</Text>
          {card.balanceExpired && <Text as="p">{t("help.expired-balance")}</Text>}
          <RecipientFields fields={fields} />
          <ExpiryField fields={fields} />
          <TextInput field={fields.note} label={t("field.note")} autoComplete="off" multiline={2} />
        </FormLayout>
      </FormSection>
    </SaveForm>
  );
}

/** A change of the balance: a signed amount in dollars and why. */
function AdjustForm({ result }: { result: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("gift-card");
  const [form, fields] = useZodForm(adjustFormSchema, result);
  return (
    <SaveForm form={form} submitLabel={t("adjust")}>
      <input type="hidden" name="intent" value="adjust" />
      <FormSection title={t("section.adjust")}>
        <FormLayout>
          <TextInput
            field={fields.amount_cents}
            label={t("field.change")}
            helpText={t("help.change")}
            prefix="HK$"
            autoComplete="off"
          />
          <TextInput field={fields.reason} label={t("field.reason")} autoComplete="off" />
        </FormLayout>
      </FormSection>
    </SaveForm>
  );
}

/** Disabling or reissuing: a reason, saved over the version shown (a stale one is 409 above the kept reason). */
function ReasonForm({
  intent,
  version,
  result,
  title,
  help,
  submitLabel,
}: {
  intent: "disable" | "reissue";
  version: number;
  result: SubmissionResult<string[]> | undefined;
  title: string;
  help: string;
  submitLabel: string;
}) {
  const { t } = useTranslation("gift-card");
  const [form, fields] = useZodForm(reasonFormSchema, result, { version });
  return (
    <SaveForm form={form} version={fields.version} submitLabel={submitLabel}>
      <input type="hidden" name="intent" value={intent} />
      <FormSection title={title}>
        <FormLayout>
          <Text as="p">{help}</Text>
          <TextInput field={fields.reason} label={t("field.reason")} autoComplete="off" />
        </FormLayout>
      </FormSection>
    </SaveForm>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

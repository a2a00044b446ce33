import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { hongKongTime } from "#contract/dates";
import { localizedLineName } from "#contract/localized";
import { formatHkd } from "#contract/money";
import { id, version } from "#contract/parts";
import { CUSTOMER_LANGUAGES } from "#contract/pay-link-message";
import {
  canMoveQuotation,
  EDITABLE_QUOTATION_STATUSES,
  QUOTATION_MOVES,
  shortLinesOfRefusal,
  type QuotationShortLine,
  type QuotationStatus,
} from "#modules/quotation/contract";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageLinks, type PageLink } from "~/components/page-links";
import { PayLinkShare, type PayLinkEmailForm } from "~/components/pay-link-share";
import { SaveForm } from "~/components/save-form";
import { StatusBadge } from "~/components/status-badge";
import { LabelValue } from "~/components/label-value";
import type { KeysUnder } from "~/i18n";
import { ActionFailure } from "~/server/action-client.server";
import { redirectWithToast, refusalToast, requireStore } from "~/server/auth.server";
import { asRouteError, recordId } from "~/server/errors.server";
import { submitForm, withListFieldNames } from "~/server/forms.server";
import { payLinkEmailed, payLinkShare, quotationLinkShare } from "~/server/pay-link-share.server";
import { can, requireCan } from "~/server/permissions.server";
import { postedProductCodes, variantChoices } from "~/server/variant-choices.server";
import type { Toast } from "~/server/session.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { editQuotationFormSchema, QuotationFields, quotationFormValues, useQuotationForm } from "./__quotation-form";
import { LIST_URL, STATUS_TONES } from "./__quotation-list-filters";
import { ConvertRefusal, ShortLinesBanner, type ShortLineView } from "./__quotation-stock";
import { stockToast } from "./__quotation-stock.server";

export const handle: RouteHandle = { i18n: ["quotation"], parent: LIST_URL };
export const meta = titleMeta;

type ChangedField = KeysUnder<"quotation", "change">;

const versionField = z.coerce.number().pipe(version);
const moveFormSchema = z.object({ version: versionField, to: z.enum(QUOTATION_MOVES) });
const sendFormSchema = z.object({ version: versionField, language: z.enum(CUSTOMER_LANGUAGES) });
const orderIdField = z.object({ order_id: id });
const convertFormSchema = z.object({ version: versionField });

const emailForm = (intent: string, fields: Record<string, number>, label: string): PayLinkEmailForm => ({
  intent,
  fields,
  label,
});

/** A reply that warns of products short of stock. */
type ShortReply = { data: { short_lines: QuotationShortLine[] } };
/** The conversion's refusals for want of stock: named line by line, or by the order's stock decrement alone. */
const STOCK_REFUSALS = ["quotation-stock-short", "inventory-not-enough"];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "quotation:read");
  const { data: quotation } = await client
    .get_quotation_data_by_application_key_and_id({ application_key: store.applicationKey, id: recordId(params.id) })
    .catch(asRouteError);
  const canWrite = can(user, "quotation:write");
  const editable = canWrite && EDITABLE_QUOTATION_STATUSES.includes(quotation.status);
  const t = context.t;
  const canSend = canWrite && quotation.status === "pending";
  const contact = { phone: quotation.phone || null, store: quotation.store.name };
  // Once converted, the customer is sent the order's pay link; before, the link to answer the quotation.
  const share =
    quotation.order_pay_link && quotation.order_id !== null
      ? {
          title: t("common:pay-link.title"),
          link: payLinkShare(request, quotation.order_pay_link, {
            ...contact,
            purpose: { kind: "order", number: quotation.order_number ?? 0 },
            amountCents: quotation.total_cents,
          }),
          email: !(canWrite && can(user, "order:write"))
            ? null
            : quotation.email
              ? emailForm(
                  "pay-link-email",
                  { order_id: quotation.order_id },
                  t("common:pay-link.email", { email: quotation.email }),
                )
              : ("no-address" as const),
        }
      : quotation.customer_link && {
          title: t("common:pay-link.reply-title"),
          link: quotationLinkShare(request, quotation.customer_link, {
            ...contact,
            number: quotation.number,
            totalCents: quotation.total_cents,
          }),
          email: !canSend
            ? null
            : quotation.email
              ? emailForm("send", { version: quotation.version }, t("quotation:send", { email: quotation.email }))
              : ("no-address" as const),
        };
  return {
    title: t("quotation:title.detail", { number: quotation.number }),
    quotation: {
      id: quotation.id,
      number: quotation.number,
      status: quotation.status,
      version: quotation.version,
      revision: quotation.revision,
      customer: [quotation.company_name, quotation.contact_name].filter(Boolean).join(" · "),
      email: quotation.email,
      phone: quotation.phone,
      address: quotation.address,
      validUntil: quotation.valid_until,
      subtotal: formatHkd(quotation.subtotal_cents),
      discount: formatHkd(quotation.discount_cents),
      delivery: formatHkd(quotation.delivery_cents),
      total: formatHkd(quotation.total_cents),
      terms: quotation.terms,
      note: quotation.note,
      sentAt: quotation.sent_at && hongKongTime(quotation.sent_at),
    },
    lines: quotation.lines.map((line) => ({
      id: line.id,
      name: localizedLineName(line, context.locale),
      code: line.product_code,
      quantity: line.quantity,
      unitPrice: formatHkd(line.unit_price_cents),
      total: formatHkd(line.line_total_cents),
    })),
    shortLines: quotation.short_lines.map((line): ShortLineView => ({
      name: localizedLineName(line, context.locale),
      code: line.product_code,
      stock: line.in_stock,
      quoted: line.quoted,
    })),
    history: quotation.history.map((row) => ({
      ...row,
      create_date: hongKongTime(row.create_date),
      actor: row.actor_email ?? t("quotation:customer-actor"),
      changes: row.changes.map((change) => {
        const line = /^line (\d+)$/.exec(change);
        return line ? t("quotation:change.line", { number: line[1] }) : t(`quotation:change.${change as ChangedField}`);
      }),
    })),
    editForm: editable ? quotationFormValues(quotation) : null,
    // The saved lines' products with several variants offer the others to choose.
    variantChoices: editable
      ? await variantChoices(
          client,
          store.applicationKey,
          quotation.lines.map((line) => line.product_code),
          context.locale,
        )
      : {},
    moves: canWrite ? QUOTATION_MOVES.filter((to) => canMoveQuotation(quotation.status, to)) : [],
    share,
    canConvert: canWrite && quotation.status === "approved" && quotation.order_id === null,
    links: [
      { content: t("quotation:print"), url: `${LIST_URL}/detail/${quotation.id}/print` },
      ...(quotation.customer_link
        ? [{ content: t("quotation:customer-link"), url: quotation.customer_link.path }]
        : []),
      ...(quotation.order_id !== null && can(user, "order:read")
        ? [
            {
              content: t("quotation:view-order", { number: quotation.order_number }),
              url: `/order/order-list/detail/${quotation.order_id}`,
            },
          ]
        : []),
    ] satisfies PageLink[],
    locale: context.locale,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "quotation:write");
  const key = { application_key: store.applicationKey, id: recordId(params.id) };
  const here = new URL(request.url).pathname;
  const formData = await request.formData();
  const intent = formData.get("intent");
  const fields = Object.fromEntries(formData);
  const toastOf = async (call: () => Promise<Toast>) => {
    let toast: Toast;
    try {
      toast = await call();
    } catch (error) {
      if (!(error instanceof ActionFailure)) throw error;
      return redirectWithToast(here, refusalToast(error.messageKey), request, context);
    }
    return redirectWithToast(here, toast, request, context);
  };
  const warned = (done: string, warning: Parameters<typeof stockToast>[1]) => (reply: ShortReply) =>
    stockToast(done, warning, reply.data.short_lines);
  const refused = () => redirectWithToast(here, { tone: "error", message: "message:save-fail" }, request, context);
  if (intent === "move") {
    const move = moveFormSchema.safeParse(fields);
    if (!move.success) return refused();
    return toastOf(() =>
      client
        .update_quotation_status_data_by_application_key_and_id({ ...key, ...move.data })
        .then(warned("quotation:moved-done", "moved")),
    );
  }
  if (intent === "send") {
    const send = sendFormSchema.safeParse(fields);
    if (!send.success) return refused();
    return toastOf(() =>
      client.add_quotation_email_data({ ...key, ...send.data }).then(warned("quotation:sent-done", "sent")),
    );
  }
  if (intent === "pay-link-email") {
    const order = orderIdField.safeParse(fields);
    if (!order.success) return refused();
    return payLinkEmailed(
      formData,
      (language) =>
        client.add_order_pay_link_email_data({
          application_key: store.applicationKey,
          id: order.data.order_id,
          language,
        }),
      here,
      request,
      context,
    );
  }
  if (intent === "convert") {
    const convert = convertFormSchema.safeParse(fields);
    if (!convert.success) return refused();
    try {
      await client.add_quotation_order_data({ ...key, ...convert.data });
    } catch (error) {
      // Short of stock: the refusal stays beside the button, naming the lines (its fields; a shortfall
      // only the order's own stock decrement saw names none, and the page's read names them then).
      if (error instanceof ActionFailure && STOCK_REFUSALS.includes(error.messageKey)) {
        return { convertRefused: { at: Date.now(), lines: shortLinesOfRefusal(error.fields) } };
      }
      throw error;
    }
    return redirectWithToast(here, { tone: "success", message: "quotation:converted-done" }, request, context);
  }
  let shortLines: QuotationShortLine[] = [];
  const submitted = await submitForm(formData, editQuotationFormSchema, async (value) => {
    ({
      data: { short_lines: shortLines },
    } = await withListFieldNames(client.update_quotation_data_by_application_key_and_id({ ...key, ...value })));
  });
  if (!submitted.saved) {
    return {
      reply: submitted.reply,
      variantChoices: await variantChoices(
        client,
        store.applicationKey,
        postedProductCodes(formData, "lines"),
        context.locale,
      ),
    };
  }
  return redirectWithToast(here, stockToast("common:form.saved", "saved", shortLines), request, context);
}

export default function QuotationDetail() {
  const { t } = useTranslation(["quotation", "common"]);
  const { title, quotation, editForm, moves, canConvert, links, shortLines, share, locale } =
    useLoaderData<typeof loader>();
  return (
    <Page
      title={title}
      titleMetadata={<StatusBadge tone={STATUS_TONES[quotation.status]}>{t(`status.${quotation.status}`)}</StatusBadge>}
      backAction={{ content: t("common:shell.back"), url: LIST_URL }}
    >
      <BlockStack gap="400">
        <PageLinks links={links} />
        {shortLines.length > 0 && <ShortLinesBanner lines={shortLines} approved={quotation.status === "approved"} />}
        {share && <PayLinkShare title={share.title} link={share.link} email={share.email} locale={locale} />}
        {(moves.length > 0 || canConvert) && (
          <Card>
            <BlockStack gap="300">
              {canConvert && <Convert />}
              {moves.length > 0 && <Moves moves={moves} version={quotation.version} />}
            </BlockStack>
          </Card>
        )}
        {editForm ? <Edit key={quotation.version} /> : <Lines />}
        <Summary />
        <History />
      </BlockStack>
    </Page>
  );
}

/** "Convert to order", with its refusal for want of stock above it, naming the short lines. */
function Convert() {
  const { t } = useTranslation("quotation");
  const { quotation, lines, shortLines } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const refused = reply && "convertRefused" in reply ? reply.convertRefused : null;
  // The refusal names lines by position; without any (a shortfall only the order's stock decrement saw),
  // the page's own read names them.
  const refusedLines = refused?.lines.flatMap((short): ShortLineView[] => {
    const line = lines[short.position];
    return line ? [{ name: line.name, code: line.code ?? "", stock: short.in_stock, quoted: short.quoted }] : [];
  });
  return (
    <BlockStack gap="200">
      {refused && <ConvertRefusal key={refused.at} lines={refusedLines?.length ? refusedLines : shortLines} />}
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="convert" />
        <input type="hidden" name="version" value={quotation.version} />
        <Button submit variant="primary">
          {t("convert")}
        </Button>
      </Form>
    </BlockStack>
  );
}

function Moves({ moves, version }: { moves: QuotationStatus[]; version: number }) {
  const { t } = useTranslation("quotation");
  return (
    <InlineStack gap="200">
      {moves.map((to) => (
        <Form method="post" key={to} noValidate>
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="to" value={to} />
          <input type="hidden" name="version" value={version} />
          <Button submit tone={to === "cancelled" ? "critical" : undefined}>
            {t(`move.${to as (typeof QUOTATION_MOVES)[number]}`)}
          </Button>
        </Form>
      ))}
    </InlineStack>
  );
}

function Edit() {
  const { editForm, variantChoices } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const saved = reply && "reply" in reply ? reply : undefined;
  const [form, fields] = useQuotationForm(editQuotationFormSchema, saved?.reply, editForm!);
  return (
    <SaveForm form={form} version={fields.version}>
      <QuotationFields form={form} fields={fields} variantChoices={{ ...variantChoices, ...saved?.variantChoices }} />
    </SaveForm>
  );
}

function Lines() {
  const { t } = useTranslation("quotation");
  const { lines } = useLoaderData<typeof loader>();
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {t("section.lines")}
        </Text>
        {lines.map((line) => (
          <InlineStack key={line.id} align="space-between" gap="200">
            <Text as="span">
              {line.name}{" "}
              <Text as="span" tone="subdued">
                {[line.code, `${line.quantity} × ${line.unitPrice}`].filter(Boolean).join(" · ")}
              </Text>
            </Text>
            <Text as="span" numeric>
              {line.total}
            </Text>
          </InlineStack>
        ))}
      </BlockStack>
    </Card>
  );
}

function Summary() {
  const { t } = useTranslation("quotation");
  const { quotation } = useLoaderData<typeof loader>();
  const row = (label: string, value: string | number | null) => (
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
        {row(t("column.customer"), quotation.customer)}
        {row(t("field.email"), quotation.email)}
        {row(t("field.phone"), quotation.phone)}
        {row(t("field.address"), quotation.address)}
        {row(t("field.subtotal"), quotation.subtotal)}
        {row(t("field.discount"), quotation.discount)}
        {row(t("field.delivery"), quotation.delivery)}
        {row(t("field.total"), quotation.total)}
        {row(t("field.valid-until"), quotation.validUntil)}
        {row(t("field.revision"), quotation.revision)}
        {row(t("field.sent-at"), quotation.sentAt ?? t("not-sent"))}
        {row(t("field.terms"), quotation.terms)}
        {row(t("field.note"), quotation.note)}
      </BlockStack>
    </Card>
  );
}

function History() {
  const { t } = useTranslation("quotation");
  const { history } = useLoaderData<typeof loader>();
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {t("section.history")}
        </Text>
        {history.map((entry, index) => (
          <Text as="p" key={index}>
            {entry.from_status
              ? t("history-entry", { from: t(`status.${entry.from_status}`), to: t(`status.${entry.to_status}`) })
              : t(`status.${entry.to_status}`)}{" "}
            <Text as="span" tone="subdued">
              {[
                t("revision", { revision: entry.revision }),
                entry.create_date,
                entry.actor,
                entry.changes.length > 0 ? t("changed", { fields: entry.changes.join(", ") }) : null,
                entry.note,
              ]
                .filter(Boolean)
                .join(" · ")}
            </Text>
          </Text>
        ))}
      </BlockStack>
    </Card>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

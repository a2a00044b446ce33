import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { InlineError } from "@shopify/polaris/build/esm/components/InlineError/InlineError.js";
import { InlineGrid } from "@shopify/polaris/build/esm/components/InlineGrid/InlineGrid.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { hongKongTime } from "#contract/dates";
import { localizedLineName } from "#contract/localized";
import { formatHkd } from "#contract/money";
import { MAX_KEYWORD_LENGTH } from "#contract/options";
import { groupedGiftCardCode } from "#modules/gift-card/options";
import { REFUND_DESTINATIONS } from "#modules/order/options";
import { CheckboxInput, SelectInput } from "~/components/choice-inputs";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors } from "~/components/form-errors";
import { QueryInput } from "~/components/query-input";
import { SearchForm } from "~/components/search-form";
import { TextInput } from "~/components/text-input";
import { ActionFailure } from "~/server/action-client.server";
import { requireStore } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { submitForm } from "~/server/forms.server";
import { can, requireAdminRole, requireCan } from "~/server/permissions.server";
import { refundFormSchema, withChosenLines } from "~/server/refund-form.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { translateErrors } from "~/utils/messages";
import { titleMeta } from "~/utils/meta";

export const handle: RouteHandle = { i18n: ["order", "stores"], parent: "/product/pos" };
export const meta = titleMeta;

/** The POS page (a literal: a `.server` module is not in the browser's bundle, where the page hydrates). */
const POS_URL = "/product/pos";

const positiveId = (value: string | null) => {
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : undefined;
};

/**
 * A return at the counter: the sale found by its receipt's QR code (`#1001`) or a search, its lines to return
 * with their restock box, refunded at once or put into the POS cart as an exchange. A return gives money back,
 * so it asks for the refund's permission (orders write here, admin at the backend, which answers 403 otherwise).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "order:write");
  requireAdminRole(user);
  const url = new URL(request.url);
  const keyword = url.searchParams.get("q")?.trim().slice(0, MAX_KEYWORD_LENGTH) ?? "";
  const id = positiveId(url.searchParams.get("id"));
  const { data } = await client
    .get_pos_return_data_by_application_key({ application_key: store.applicationKey, keyword, id })
    .catch(asRouteError);
  const { order } = data;
  return {
    title: context.t("order:pos-return.title"),
    keyword,
    searched: keyword !== "" && id === undefined,
    canExchange: can(user, "pos:write"),
    cartVersion: data.pos_cart_version,
    matches: data.matches.map((row) => ({
      id: row.id,
      label: context.t("order:pos-return.sale", {
        number: row.order_number,
        date: hongKongTime(row.create_date),
        total: formatHkd(row.total_cents),
      }),
      customer: row.customer_name,
    })),
    order: order && {
      id: order.id,
      number: order.order_number,
      version: order.version,
      returnable: order.returnable,
      heading: context.t("order:pos-return.sale", {
        number: order.order_number,
        date: hongKongTime(order.create_date),
        total: formatHkd(order.total_cents),
      }),
      member: order.member,
      payments: order.payments.map((payment) => ({
        method: payment.method,
        amount: formatHkd(payment.amount_cents),
      })),
      lines: order.lines
        .filter((line) => line.quantity > line.refunded_quantity)
        .map((line) => ({
          id: line.id,
          name: localizedLineName(line, context.locale),
          price: formatHkd(line.unit_price_cents),
          left: line.quantity - line.refunded_quantity,
        })),
    },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "order:write");
  requireAdminRole(user);
  const formData = await request.formData();
  // The sale the forms were rendered for: found by id, or by the number searched for (`?q=#1001`).
  const id = positiveId(String(formData.get("order_id") ?? "")) ?? 0;
  const key = { application_key: store.applicationKey, id };
  const intent = formData.get("intent");
  if (intent === "exchange") requireCan(user, "pos:write");
  let outcome:
    | { intent: "preview"; amount_cents: number }
    | { intent: "refunded"; amount_cents: number; gift_card_code: string | null }
    | undefined;
  const submitted = await submitForm(formData, refundFormSchema, (value) =>
    withChosenLines(value, async (lines) => {
      if (intent === "exchange") {
        // A new card's code is shown once, and the sale's page after the exchange shows no codes.
        if (value.refund_to === "gift_card") {
          throw new ActionFailure(400, "invalid-payload", { refund_to: ["exchange-not-to-gift-card"] });
        }
        const { data: preview } = await client.get_order_refund_data_by_application_key_and_id({ ...key, lines });
        await client.update_pos_cart_data_by_application_key({
          application_key: store.applicationKey,
          version: Number(formData.get("cart_version")) || 0,
          operation: {
            op: "set_exchange",
            exchange: {
              order_id: id,
              version: value.version ?? 0,
              lines,
              refund_to: value.refund_to,
              order_number: Number(formData.get("order_number")) || undefined,
              returned_cents: preview.amount_cents,
            },
          },
        });
      } else if (intent === "refund") {
        const { data } = await client.add_order_refund_data({
          ...key,
          version: value.version ?? 0,
          lines,
          note: value.note,
          refund_to: value.refund_to,
        });
        outcome = { intent: "refunded", amount_cents: data.amount_cents, gift_card_code: data.gift_card_code };
      } else {
        const { data } = await client.get_order_refund_data_by_application_key_and_id({ ...key, lines });
        outcome = { intent: "preview", amount_cents: data.amount_cents };
      }
    }),
  );
  if (!submitted.saved) return { intent: "form" as const, reply: submitted.reply };
  if (intent === "exchange") return redirect(POS_URL);
  return { ...outcome!, value: submitted.value };
}

export default function PosReturn() {
  const { t } = useTranslation(["order", "common"]);
  const { title, keyword, searched, matches, order } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: POS_URL }}>
      <BlockStack gap="400">
        {result?.intent === "refunded" && (
          <Banner tone="success" title={t("pos-return.refunded", { amount: formatHkd(result.amount_cents) })}>
            {result.gift_card_code && (
              <BlockStack gap="100">
                <Text as="p">{t("refund.gift-card-issued")}</Text>
                <Text as="p" variant="headingLg" fontWeight="bold">
                  <span data-testid="refund-gift-card-code">{groupedGiftCardCode(result.gift_card_code)}</span>
                </Text>
              </BlockStack>
            )}
          </Banner>
        )}
        <Card>
          <SearchForm button={t("pos-return.find-button")}>
            <QueryInput
              id="return-keyword"
              name="q"
              label={t("pos-return.find")}
              helpText={t("pos-return.find-help")}
              value={keyword}
              maxLength={MAX_KEYWORD_LENGTH}
            />
          </SearchForm>
        </Card>
        {searched && !order && (
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">
                {t("pos-return.matches")}
              </Text>
              {matches.length === 0 ? (
                <Text as="p">{t("pos-return.no-match")}</Text>
              ) : (
                matches.map((match) => (
                  <Link key={match.id} url={`?id=${match.id}`}>
                    {`${match.label} · ${match.customer}`}
                  </Link>
                ))
              )}
            </BlockStack>
          </Card>
        )}
        {order && <ReturnForm key={`${order.id}-${order.version}`} order={order} />}
      </BlockStack>
    </Page>
  );
}

/**
 * The lines to return, their restock boxes and where the money goes, worked out first; the figure comes with
 * the refund and the exchange buttons, which post exactly the lines worked out (JS off: each a page load).
 */
function ReturnForm({ order }: { order: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["order"]> }) {
  const { t } = useTranslation(["order", "stores"]);
  const { canExchange } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const preview = result?.intent === "preview" ? result : undefined;
  const chosen = new Map(preview?.value.lines.map((line) => [line.line_id, line]));
  const [form, fields] = useZodForm(refundFormSchema, result?.intent === "form" ? result.reply : undefined, {
    lines: order.lines.map((line) => ({
      line_id: line.id,
      quantity: String(chosen.get(line.id)?.quantity ?? 0),
      restock: chosen.get(line.id)?.restock === false ? "" : "on",
    })),
    refund_to: preview?.value.refund_to ?? "original",
    note: "",
  });
  const lineFields = fields.lines.getFieldList();
  const destinations = REFUND_DESTINATIONS.filter((to) => to !== "store_credit" || order.member !== null).map((to) => ({
    value: to,
    label: t(`refund.to.${to}`),
  }));
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {order.heading}
        </Text>
        {order.member && <Text as="p">{`${order.member.member_code} ${order.member.name}`}</Text>}
        <Text as="p" tone="subdued">
          {`${t("pos-return.paid-with")}: ${order.payments
            .map((payment) => `${t(`stores:payment.${payment.method}`)} ${payment.amount}`)
            .join(" · ")}`}
        </Text>
        {!order.returnable ? (
          <Banner tone="warning">{t("pos-return.not-returnable")}</Banner>
        ) : order.lines.length === 0 ? (
          <Text as="p">{t("pos-return.nothing-left")}</Text>
        ) : (
          <Form method="post" {...getFormProps(form)}>
            <BlockStack gap="300">
              <FormErrors form={form} />
              <input type="hidden" name="order_id" value={order.id} />
              <input type="hidden" name="version" value={order.version} />
              {order.lines.map((line, index) => {
                const field = lineFields[index]?.getFieldset();
                if (!field) return null;
                return (
                  <InlineGrid
                    key={line.id}
                    columns={{ xs: 1, sm: ["twoThirds", "oneThird"] }}
                    gap="300"
                    alignItems="end"
                  >
                    <input type="hidden" name={field.line_id.name} value={line.id} />
                    <TextInput
                      field={field.quantity}
                      type="number"
                      label={t("pos-return.quantity-of", { name: `${line.name} (${line.price})`, count: line.left })}
                      autoComplete="off"
                    />
                    <CheckboxInput field={field.restock} label={t("pos-return.restock")} />
                  </InlineGrid>
                );
              })}
              {fields.lines.errors?.length ? (
                <InlineError message={translateErrors(t, fields.lines.errors)!} fieldID={fields.lines.id} />
              ) : null}
              <SelectInput field={fields.refund_to} label={t("refund.to.label")} choices={destinations} />
              <InlineStack>
                <Button submit>{t("pos-return.work-out")}</Button>
              </InlineStack>
            </BlockStack>
          </Form>
        )}
        {preview && (
          <BlockStack gap="300">
            <Banner tone="info">{t("pos-return.returned-value", { amount: formatHkd(preview.amount_cents) })}</Banner>
            <InlineStack gap="200" wrap>
              <Form method="post" noValidate>
                <WorkedOut intent="refund" value={preview.value} />
                <Button submit variant="primary" tone="critical">
                  {t("pos-return.refund", { amount: formatHkd(preview.amount_cents) })}
                </Button>
              </Form>
              {canExchange && (
                <Form method="post" noValidate>
                  <WorkedOut intent="exchange" value={preview.value} />
                  <Button submit>{t("pos-return.exchange", { amount: formatHkd(preview.amount_cents) })}</Button>
                </Form>
              )}
            </InlineStack>
            {canExchange && (
              <Text as="p" tone="subdued">
                {t("pos-return.exchange-help")}
              </Text>
            )}
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  );
}

/** The return as it was worked out, posted again by the refund or the exchange. */
function WorkedOut({ intent, value }: { intent: "refund" | "exchange"; value: { lines: Line[]; refund_to: string } }) {
  const { order, cartVersion } = useLoaderData<typeof loader>();
  if (!order) return null;
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="order_id" value={order.id} />
      <input type="hidden" name="version" value={order.version} />
      <input type="hidden" name="order_number" value={order.number} />
      <input type="hidden" name="cart_version" value={cartVersion} />
      <input type="hidden" name="refund_to" value={value.refund_to} />
      {value.lines.map((line, index) => (
        <span key={line.line_id} hidden>
          <input type="hidden" name={`lines[${index}].line_id`} value={line.line_id} />
          <input type="hidden" name={`lines[${index}].quantity`} value={line.quantity} />
          {line.restock && <input type="hidden" name={`lines[${index}].restock`} value="on" />}
        </span>
      ))}
    </>
  );
}

type Line = { line_id: number; quantity: number; restock: boolean };

export const ErrorBoundary = GeneralErrorBoundary;

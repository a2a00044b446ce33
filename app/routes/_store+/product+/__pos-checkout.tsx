import { getFormProps } from "@conform-to/react";
import { useLoaderData } from "@remix-run/react";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { formatHkd } from "#contract/money";
import { IntentButton } from "~/components/intent-button";
import { TextInput } from "~/components/text-input";
import { useZodForm } from "~/utils/forms";
import { translateMessage } from "~/utils/messages";
import type { PosLoader } from "./pos";
import {
  errorsOf,
  FormRefusal,
  PosForm,
  useOffline,
  usePosForm,
  useSubmitWhenTyped,
  type PosPageData,
} from "./__pos-form";
import { posForms } from "./__pos-schemas";

/**
 * The engine's totals and the payment: an amount per method, split as the customer pays. When the cart's
 * payment method is the card, the card pays the rest: the server works out its share, fee included, and
 * the change, from the amounts typed ("Work out", and with JS by itself once the seller stops typing).
 */
export function PosCheckout() {
  const { t } = useTranslation(["pos", "order", "stores"]);
  const data = useLoaderData<PosLoader>();
  const { amount, refusal, lines, tender, cart } = data;
  const offline = useOffline();
  const { fetcher, reply, busy } = usePosForm("checkout");
  const { form: formRef, typed } = useSubmitWhenTyped(fetcher, { work_out: "1" });
  const typedMethods = data.paymentMethods.filter((method) => method !== "credit_card");
  const [form, fields] = useZodForm(posForms.checkout, reply, {
    payments: typedMethods.map((method) => ({ method, amount: data.typedAmounts[method] ?? "" })),
  });
  if (lines.length === 0) return null;
  const canCheckout = Boolean(amount) && !refusal && !offline && !busy;
  const cardAt = typedMethods.length;
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {t("checkout.title")}
        </Text>
        {refusal && (
          <Banner tone="critical">
            <p>{translateMessage(t, refusal)}</p>
          </Banner>
        )}
        {offline && (
          <Banner tone="warning">
            <p>{t("checkout.offline")}</p>
          </Banner>
        )}
        {amount && (
          <dl className="pos-totals">
            <Total label={t("order:total.subtotal")} value={amount.subtotal} />
            {amount.coupon && <Total label={t("order:total.coupon")} value={amount.coupon} />}
            {amount.cashDollar && <Total label={t("order:total.cash-dollar")} value={amount.cashDollar} />}
            {amount.delivery && <Total label={t("order:total.delivery")} value={amount.delivery} />}
            {amount.cardFee && <Total label={t("order:total.card-fee")} value={amount.cardFee} />}
            <Total label={t("order:total.total")} value={amount.total} strong />
          </dl>
        )}
        <StoredValue />
        <FormRefusal errors={form.errors} />
        <PosForm ref={formRef} fetcher={fetcher} intent="checkout" formProps={getFormProps(form)}>
          <input type="hidden" name="idempotency_key" value={data.idempotencyKey} />
          <input type="hidden" name="cart" value={JSON.stringify(cart)} />
          <input type="hidden" name="expected_total_cents" value={amount?.totalCents ?? 0} />
          <BlockStack gap="300">
            <div onInput={typed}>
              <BlockStack gap="200">
                {fields.payments.getFieldList().map((row, index) => {
                  const method = typedMethods[index];
                  const { amount: amountField } = row.getFieldset();
                  return (
                    <div key={method}>
                      <input type="hidden" name={`payments[${index}].method`} value={method} />
                      <TextInput
                        field={amountField}
                        label={
                          method === "cash"
                            ? t("checkout.cash-tendered")
                            : t("checkout.received", { method: t(`stores:payment.${method}`) })
                        }
                        autoComplete="off"
                        prefix="HK$"
                      />
                    </div>
                  );
                })}
              </BlockStack>
            </div>
            {tender?.card && (
              <>
                <input type="hidden" name={`payments[${cardAt}].method`} value="credit_card" />
                <input type="hidden" name={`payments[${cardAt}].amount`} value={tender.card.dollars} />
              </>
            )}
            {tender && (
              <dl className="pos-totals" aria-live="polite">
                {tender.card && (
                  <Total
                    label={t("checkout.card", { fee: amount?.cardFee ?? formatHkd(0) })}
                    value={tender.card.amount}
                    strong
                  />
                )}
                <Total label={t("checkout.paid")} value={tender.paid} />
                <Total label={t("checkout.remaining")} value={tender.remaining} />
                <Total label={t("checkout.change")} value={tender.change} strong />
              </dl>
            )}
            {data.fps && <FpsToScan fps={data.fps} />}
            {cart.payment_method !== "credit_card" && data.paymentMethods.includes("credit_card") && (
              <Text as="p" tone="subdued" variant="bodySm">
                {t("checkout.card-help")}
              </Text>
            )}
            {/* First, so Enter in an amount (without JS) works it out rather than checking out. */}
            <IntentButton buttonProps={{ name: "work_out", value: "1", form: form.id }}>
              {t("checkout.work-out")}
            </IntentButton>
            <div className="pos-checkout-button">
              <Button submit variant="primary" size="large" fullWidth disabled={!canCheckout}>
                {amount ? t("checkout.submit", { total: amount.total }) : t("checkout.submit-blocked")}
              </Button>
            </div>
          </BlockStack>
        </PosForm>
        <Hold />
      </BlockStack>
    </Card>
  );
}

/**
 * The stored value paying part of the sale, beside the amounts typed: a gift card (its code typed or
 * scanned, checked against its balance as it is applied) and the member's store credit.
 */
function StoredValue() {
  const { giftCards, giftCard, storeCredit } = useLoaderData<PosLoader>();
  if (!giftCards && !storeCredit) return null;
  return (
    <BlockStack gap="300">
      {giftCards && (giftCard ? <AppliedGiftCard card={giftCard} /> : <ApplyGiftCard />)}
      {storeCredit && <UseStoreCredit credit={storeCredit} />}
    </BlockStack>
  );
}

function ApplyGiftCard() {
  const { t } = useTranslation("pos");
  const { version } = useLoaderData<PosLoader>();
  const { fetcher, reply } = usePosForm("gift-card");
  const [form, fields] = useZodForm(posForms["gift-card"], reply, { code: "", amount: "" });
  return (
    <PosForm key={version} fetcher={fetcher} intent="gift-card" formProps={getFormProps(form)}>
      <BlockStack gap="200">
        <FormRefusal errors={form.errors} />
        <InlineStack gap="200" blockAlign="end" wrap>
          <div className="pos-grow">
            <TextInput field={fields.code} label={t("checkout.gift-card-code")} autoComplete="off" />
          </div>
          <div className="pos-grow">
            <TextInput field={fields.amount} label={t("checkout.gift-card-amount")} autoComplete="off" prefix="HK$" />
          </div>
          <Button submit>{t("checkout.gift-card-apply")}</Button>
        </InlineStack>
      </BlockStack>
    </PosForm>
  );
}

function AppliedGiftCard({ card }: { card: NonNullable<PosPageData["giftCard"]> }) {
  const { t } = useTranslation("pos");
  const { fetcher, reply } = usePosForm("remove-gift-card");
  return (
    <PosForm fetcher={fetcher} intent="remove-gift-card">
      <BlockStack gap="200">
        <FormRefusal errors={errorsOf(reply, "")} />
        <InlineStack gap="200" blockAlign="center" align="space-between" wrap>
          <Text as="p">{t("checkout.gift-card-applied", card)}</Text>
          <Button submit variant="plain" tone="critical">
            {t("checkout.gift-card-remove")}
          </Button>
        </InlineStack>
      </BlockStack>
    </PosForm>
  );
}

function UseStoreCredit({ credit }: { credit: NonNullable<PosPageData["storeCredit"]> }) {
  const { t } = useTranslation("pos");
  const { version } = useLoaderData<PosLoader>();
  const { fetcher, reply } = usePosForm("store-credit");
  const [form, fields] = useZodForm(posForms["store-credit"], reply, { amount: credit.amount });
  return (
    <PosForm key={version} fetcher={fetcher} intent="store-credit" formProps={getFormProps(form)}>
      <BlockStack gap="200">
        <FormRefusal errors={form.errors} />
        <InlineStack gap="200" blockAlign="end" wrap={false}>
          <div className="pos-grow">
            <TextInput
              field={fields.amount}
              label={t("checkout.store-credit", { balance: credit.balance })}
              autoComplete="off"
              prefix="HK$"
            />
          </div>
          <Button submit>{t("checkout.store-credit-use")}</Button>
        </InlineStack>
      </BlockStack>
    </PosForm>
  );
}

/** FPS's share as a QR code for the customer to scan, large enough to read off a phone or a counter screen. */
function FpsToScan({ fps }: { fps: NonNullable<PosPageData["fps"]> }) {
  const { t } = useTranslation("pos");
  return (
    <section className="pos-fps" aria-labelledby="pos-fps-title">
      <BlockStack gap="200" inlineAlign="center">
        <Text as="h3" variant="headingLg" id="pos-fps-title" alignment="center">
          {t("checkout.fps-title", { amount: fps.amount })}
        </Text>
        <div className="pos-fps__qr" dangerouslySetInnerHTML={{ __html: fps.svg }} />
        <Text as="p" tone="subdued" variant="bodySm" alignment="center">
          {t("checkout.fps-reference", { reference: fps.reference })}
        </Text>
      </BlockStack>
    </section>
  );
}

/** One row of the totals (`<dl className="pos-totals">`): the label left, the amount right. */
export function Total({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="pos-total">
      <dt>
        <Text as="span" fontWeight={strong ? "bold" : "regular"}>
          {label}
        </Text>
      </dt>
      <dd>
        <Text as="span" numeric fontWeight={strong ? "bold" : "regular"}>
          {value}
        </Text>
      </dd>
    </div>
  );
}

/** Parks the cart with a note, for this or any other device of the store to recall. */
function Hold() {
  const { t } = useTranslation("pos");
  const { version } = useLoaderData<PosLoader>();
  const { fetcher, reply } = usePosForm("hold");
  const [form, fields] = useZodForm(posForms.hold, reply, { note: "" });
  return (
    <PosForm key={version} fetcher={fetcher} intent="hold" formProps={getFormProps(form)}>
      <BlockStack gap="200">
        <FormRefusal errors={form.errors} />
        <InlineStack gap="200" blockAlign="end" wrap={false}>
          <div className="pos-grow">
            <TextInput field={fields.note} label={t("held.note")} autoComplete="off" />
          </div>
          <Button submit>{t("held.hold")}</Button>
        </InlineStack>
      </BlockStack>
    </PosForm>
  );
}

/** The store's parked carts, newest first: recall one into the (empty) cart, or discard it. */
export function PosHeldCarts() {
  const { t } = useTranslation("pos");
  const { heldCarts } = useLoaderData<PosLoader>();
  if (heldCarts.length === 0) return null;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("held.title")}
        </Text>
        <ul className="pos-plain-list">
          {heldCarts.map((held) => (
            <HeldCart key={held.id} held={held} />
          ))}
        </ul>
      </BlockStack>
    </Card>
  );
}

function HeldCart({ held }: { held: PosPageData["heldCarts"][number] }) {
  const { t } = useTranslation("pos");
  const target = String(held.id);
  const { fetcher: recall, reply } = usePosForm("recall", target);
  const { fetcher: discard } = usePosForm("discard", target);
  const label = held.note || t("held.untitled");
  return (
    <li className="pos-held">
      <BlockStack gap="200">
        <Text as="p" fontWeight="semibold">
          {label}
        </Text>
        <Text as="p" tone="subdued" variant="bodySm">
          {t("held.details", { lines: held.lines, by: held.heldBy })}
        </Text>
        <FormRefusal errors={errorsOf(reply, "")} />
        <InlineStack gap="200">
          <PosForm fetcher={recall} intent="recall" target={target}>
            <input type="hidden" name="id" value={held.id} />
            <Button submit accessibilityLabel={t("held.recall-named", { note: label })}>
              {t("held.recall")}
            </Button>
          </PosForm>
          <PosForm fetcher={discard} intent="discard" target={target}>
            <input type="hidden" name="id" value={held.id} />
            <Button
              submit
              tone="critical"
              variant="plain"
              accessibilityLabel={t("held.discard-named", { note: label })}
            >
              {t("held.discard")}
            </Button>
          </PosForm>
        </InlineStack>
      </BlockStack>
    </li>
  );
}

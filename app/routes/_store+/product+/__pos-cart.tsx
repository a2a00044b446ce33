import { getFormProps } from "@conform-to/react";
import { useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { Checkbox } from "@shopify/polaris/build/esm/components/Checkbox/Checkbox.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Select } from "@shopify/polaris/build/esm/components/Select/Select.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { TextField } from "@shopify/polaris/build/esm/components/TextField/TextField.js";
import { useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { centsToDollars } from "#contract/money";
import { DISTRICTS } from "#contract/options";
import { useZodForm } from "~/utils/forms";
import { BLOCKS_ENTER } from "~/utils/block-enter";
import { useTypedValue } from "~/utils/hydration";
import { translateErrors } from "~/utils/messages";
import { SelectInput } from "~/components/choice-inputs";
import { TextInput } from "~/components/text-input";
import type { PosLoader } from "./pos";
import {
  errorsOf,
  FormRefusal,
  PlainTextField,
  PosForm,
  usePosForm,
  useSubmitWhenTyped,
  type PosPageData,
} from "./__pos-form";
import { posForms } from "./__pos-schemas";

/** The cart: its lines, the order's add-ons, the member, the discount, delivery and payment method. */
export function PosCart() {
  const { t } = useTranslation("pos");
  const data = useLoaderData<PosLoader>();
  const { fetcher: clearFetcher } = usePosForm("clear");
  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {t("cart.title")}
          </Text>
          {data.lines.length > 0 && (
            <PosForm fetcher={clearFetcher} intent="clear">
              <Button submit tone="critical" variant="plain">
                {t("cart.clear")}
              </Button>
            </PosForm>
          )}
        </InlineStack>
        {data.lines.length === 0 ? (
          <Text as="p" tone="subdued">
            {t("cart.empty")}
          </Text>
        ) : (
          <ul className="pos-lines">
            {data.lines.map((line) => (
              <CartLine key={`${data.version}-${line.position}`} line={line} />
            ))}
          </ul>
        )}
        {data.orderAddOns.length > 0 && <OrderAddOns />}
        <Member />
        <Discount key={`discount-${data.version}`} />
        <Delivery key={`delivery-${data.version}`} />
        <PaymentMethod key={`payment-${data.version}`} />
      </BlockStack>
    </Card>
  );
}

function CartLine({ line }: { line: PosPageData["lines"][number] }) {
  const { t } = useTranslation("pos");
  const target = String(line.position);
  const { fetcher, reply } = usePosForm("quantity", target);
  const { form, typed } = useSubmitWhenTyped(fetcher);
  const [quantity, setQuantity, quantityId] = useTypedValue(String(line.quantity));
  return (
    <li className="pos-line">
      <BlockStack gap="200">
        <InlineStack align="space-between" gap="200" wrap={false}>
          <BlockStack gap="050">
            <Text as="h3" fontWeight="semibold">
              {line.name}
            </Text>
            {line.unitPrice && (
              <Text as="p" tone="subdued" variant="bodySm" numeric>
                {t("cart.unit-price", { price: line.unitPrice })}
              </Text>
            )}
          </BlockStack>
          {line.total && (
            <Text as="p" numeric fontWeight="semibold">
              {line.total}
            </Text>
          )}
        </InlineStack>
        <FormRefusal errors={errorsOf(reply, "")} />
        <InlineStack gap="200" blockAlign="end" wrap={false}>
          <StepForm fetcher={fetcher} line={line} step={-1} label={t("cart.decrease", { name: line.name })} />
          <PosForm ref={form} fetcher={fetcher} intent="quantity" target={target}>
            <input type="hidden" name="position" value={line.position} />
            <InlineStack gap="200" blockAlign="end" wrap={false}>
              <div className="pos-quantity" {...{ [BLOCKS_ENTER]: "" }}>
                <TextField
                  id={quantityId}
                  label={t("cart.quantity-of", { name: line.name })}
                  labelHidden
                  name="quantity"
                  type="number"
                  min={0}
                  value={quantity}
                  onChange={(value) => {
                    setQuantity(value);
                    typed();
                  }}
                  autoComplete="off"
                  error={translateErrors(t, errorsOf(reply, "quantity"))}
                />
              </div>
              <Button submit variant="plain">
                {t("cart.update")}
              </Button>
            </InlineStack>
          </PosForm>
          <StepForm fetcher={fetcher} line={line} step={1} label={t("cart.increase", { name: line.name })} />
        </InlineStack>
        {line.offered.length > 0 && <LineAddOns line={line} />}
      </BlockStack>
    </li>
  );
}

/** One less or one more of a line (one less than 1 takes the line away). */
function StepForm({
  fetcher,
  line,
  step,
  label,
}: {
  fetcher: ReturnType<typeof usePosForm>["fetcher"];
  line: PosPageData["lines"][number];
  step: 1 | -1;
  label: string;
}) {
  const { t } = useTranslation("pos");
  return (
    <PosForm fetcher={fetcher} intent="quantity" target={String(line.position)}>
      <input type="hidden" name="position" value={line.position} />
      <input type="hidden" name="quantity" value={line.quantity + step} />
      <Button submit accessibilityLabel={label}>
        {step > 0 ? t("cart.plus") : t("cart.minus")}
      </Button>
    </PosForm>
  );
}

function LineAddOns({ line }: { line: PosPageData["lines"][number] }) {
  const { t } = useTranslation("pos");
  const target = String(line.position);
  const { fetcher, reply } = usePosForm("line-add-ons", target);
  const [chosen, setChosen] = useState(new Set(line.addOnIds));
  return (
    <PosForm fetcher={fetcher} intent="line-add-ons" target={target}>
      <input type="hidden" name="position" value={line.position} />
      <fieldset className="pos-fieldset">
        <legend>
          <Text as="span" variant="bodySm">
            {t("cart.line-add-ons")}
          </Text>
        </legend>
        <FormRefusal errors={errorsOf(reply, "")} />
        <InlineStack gap="300" blockAlign="center">
          {line.offered.map((addOn) => (
            <Checkbox
              key={addOn.id}
              id={`pos-line-${line.position}-add-on-${addOn.id}`}
              name="add_on_product_ids"
              value={String(addOn.id)}
              label={t("cart.add-on-choice", { name: addOn.name, price: addOn.price })}
              checked={chosen.has(addOn.id)}
              onChange={(checked) =>
                setChosen((current) => {
                  const next = new Set(current);
                  if (checked) next.add(addOn.id);
                  else next.delete(addOn.id);
                  return next;
                })
              }
            />
          ))}
          <Button submit size="slim">
            {t("cart.save-add-ons")}
          </Button>
        </InlineStack>
      </fieldset>
    </PosForm>
  );
}

/** Add-ons for the whole order (a gift box): one chosen with its quantity; 0 takes it away. */
function OrderAddOns() {
  const { t } = useTranslation("pos");
  const { orderAddOns } = useLoaderData<PosLoader>();
  const { fetcher, reply } = usePosForm("order-add-on");
  const inCart = orderAddOns.filter((addOn) => addOn.quantity > 0);
  return (
    <Section title={t("order-add-ons.title")}>
      {inCart.length > 0 && (
        <ul className="pos-plain-list">
          {inCart.map((addOn) => (
            <li key={addOn.id}>
              <Text as="span">{t("order-add-ons.line", { name: addOn.name, quantity: addOn.quantity })}</Text>
            </li>
          ))}
        </ul>
      )}
      <FormRefusal errors={errorsOf(reply, "")} />
      <PosForm fetcher={fetcher} intent="order-add-on">
        <InlineStack gap="200" blockAlign="end">
          <Select
            name="add_on_product_id"
            label={t("order-add-ons.add-on")}
            options={orderAddOns.map((addOn) => ({
              value: String(addOn.id),
              label: `${addOn.name} (${addOn.price})`,
            }))}
          />
          <div className="pos-quantity" {...{ [BLOCKS_ENTER]: "" }}>
            <PlainTextField
              name="quantity"
              type="number"
              min={0}
              label={t("order-add-ons.quantity")}
              initial="1"
              autoComplete="off"
              error={translateErrors(t, errorsOf(reply, "quantity"))}
            />
          </div>
          <Button submit>{t("order-add-ons.set")}</Button>
        </InlineStack>
      </PosForm>
    </Section>
  );
}

/** The member: found by scanning their card, or by typing their member ID or phone here. */
function Member() {
  const { t } = useTranslation(["pos", "member"]);
  const { member } = useLoaderData<PosLoader>();
  const { fetcher: removeFetcher } = usePosForm("remove-member");
  const { fetcher, reply } = usePosForm("scan", "member");
  return (
    <Section title={t("member.title")}>
      {member ? (
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <BlockStack gap="050">
            <Text as="p" fontWeight="semibold">
              {t("member.name", { name: member.name, code: member.code })}
            </Text>
            <Text as="p" tone="subdued" variant="bodySm">
              {t("member.details", {
                level: t(`member:level.${member.level as "general" | "vip"}`),
                balance: member.cashDollar,
              })}
            </Text>
          </BlockStack>
          <PosForm fetcher={removeFetcher} intent="remove-member">
            <Button submit variant="plain" tone="critical">
              {t("member.remove")}
            </Button>
          </PosForm>
        </InlineStack>
      ) : (
        <PosForm fetcher={fetcher} intent="scan" target="member">
          <InlineStack gap="200" blockAlign="end" wrap={false}>
            <div className="pos-grow" {...{ [BLOCKS_ENTER]: "" }}>
              <PlainTextField
                name="code"
                label={t("member.search")}
                autoComplete="off"
                error={translateErrors(t, errorsOf(reply, "code"))}
              />
            </div>
            <Button submit>{t("member.find")}</Button>
          </InlineStack>
        </PosForm>
      )}
    </Section>
  );
}

/** A coupon code or cash dollar in HK$ (never both: refused beside both fields). */
function Discount() {
  const { t } = useTranslation("pos");
  const { cart, member } = useLoaderData<PosLoader>();
  const { fetcher, reply, busy } = usePosForm("discount");
  const [form, fields] = useZodForm(posForms.discount, reply, {
    coupon_code: cart.coupon_code ?? "",
    cash_dollar: cart.cash_dollar_cents ? centsToDollars(cart.cash_dollar_cents) : "",
  });
  return (
    <Section title={t("discount.title")}>
      <FormRefusal errors={form.errors} />
      <PosForm fetcher={fetcher} intent="discount" formProps={getFormProps(form)}>
        <BlockStack gap="200">
          <TextInput field={fields.coupon_code} label={t("discount.coupon")} autoComplete="off" />
          {member && (
            <TextInput
              field={fields.cash_dollar}
              label={t("discount.cash-dollar")}
              helpText={t("discount.cash-dollar-help", { balance: member.cashDollar })}
              autoComplete="off"
              prefix="HK$"
            />
          )}
          <InlineStack align="end">
            {/* A refused discount is often applied again at once. Posted again while the refusal's data are
                still being read, React Router 6 loses track of the fetcher ("Expected fetcher") and the page's
                next navigation fails, so the button waits until the page is idle. */}
            <Button submit disabled={busy}>
              {t("discount.apply")}
            </Button>
          </InlineStack>
        </BlockStack>
      </PosForm>
    </Section>
  );
}

/** Where the order goes (spec §3), or nothing: a counter sale taken away at once. */
function Delivery() {
  const { t } = useTranslation(["pos", "stores", "member", "order"]);
  const { cart, deliveryMethods, pickupAddresses, amount } = useLoaderData<PosLoader>();
  const { fetcher, reply } = usePosForm("delivery");
  const freeDelivery = amount?.freeDelivery;
  const { fetcher: noneFetcher } = usePosForm("no-delivery");
  const delivery = cart.delivery;
  const [form, fields] = useZodForm(posForms.delivery, reply, {
    method: delivery?.method ?? deliveryMethods[0] ?? "",
    receiver_name: delivery?.receiver_name ?? "",
    receiver_phone: delivery?.receiver_phone ?? "",
    address: delivery?.address ?? "",
    district: delivery?.district ?? "",
    remark: delivery?.remark ?? "",
    pickup_address: delivery?.pickup_address ?? pickupAddresses[0] ?? "",
  });
  if (deliveryMethods.length === 0) return null;
  return (
    <Section title={t("delivery.title")}>
      <Text as="p" tone="subdued">
        {delivery ? t(`stores:delivery.${delivery.method}`) : t("delivery.none")}
      </Text>
      {freeDelivery && (
        <Text as="p">
          {freeDelivery.left
            ? t("delivery.free-left", { amount: freeDelivery.over, left: freeDelivery.left })
            : t("delivery.free-reached", { amount: freeDelivery.over })}
        </Text>
      )}
      <details className="pos-details" open={Boolean(delivery || form.errors?.length || reply)}>
        <summary>{delivery ? t("delivery.change") : t("delivery.add")}</summary>
        <BlockStack gap="200">
          <FormRefusal errors={form.errors} />
          <PosForm fetcher={fetcher} intent="delivery" formProps={getFormProps(form)}>
            <BlockStack gap="200">
              <SelectInput
                field={fields.method}
                label={t("delivery.method")}
                choices={deliveryMethods.map((method) => ({ value: method, label: t(`stores:delivery.${method}`) }))}
              />
              <TextInput field={fields.receiver_name} label={t("order:field.receiver-name")} autoComplete="off" />
              <TextInput
                field={fields.receiver_phone}
                label={t("order:field.receiver-phone")}
                autoComplete="off"
                type="tel"
              />
              <TextInput field={fields.address} label={t("order:field.delivery-address")} autoComplete="off" />
              <SelectInput
                field={fields.district}
                label={t("order:field.delivery-district")}
                choices={[
                  { value: "", label: t("member:no-district") },
                  ...DISTRICTS.map((district) => ({ value: district, label: t(`member:district.${district}`) })),
                ]}
              />
              {pickupAddresses.length > 0 && (
                <SelectInput
                  field={fields.pickup_address}
                  label={t("delivery.pickup-address")}
                  choices={pickupAddresses.map((address) => ({ value: address, label: address }))}
                />
              )}
              <TextInput field={fields.remark} label={t("order:field.delivery-remark")} autoComplete="off" />
              <InlineStack align="end">
                <Button submit>{t("delivery.save")}</Button>
              </InlineStack>
            </BlockStack>
          </PosForm>
        </BlockStack>
      </details>
      {delivery && (
        <PosForm fetcher={noneFetcher} intent="no-delivery">
          <Button submit variant="plain">
            {t("delivery.remove")}
          </Button>
        </PosForm>
      )}
    </Section>
  );
}

/** The method the card fee depends on; the checkout's amounts say how each method paid. */
function PaymentMethod() {
  const { t } = useTranslation(["pos", "stores"]);
  const { cart, paymentMethods } = useLoaderData<PosLoader>();
  const { fetcher, reply } = usePosForm("payment-method");
  const form = useRef<HTMLFormElement>(null);
  const [method, setMethod] = useState(cart.payment_method ?? "");
  return (
    <Section title={t("payment-method.title")}>
      <FormRefusal errors={errorsOf(reply, "")} />
      <PosForm ref={form} fetcher={fetcher} intent="payment-method">
        <InlineStack gap="200" blockAlign="end">
          <Select
            name="payment_method"
            label={t("payment-method.label")}
            value={method}
            onChange={(value) => {
              setMethod(value);
              if (form.current) fetcher.submit(form.current);
            }}
            options={[
              { value: "", label: t("payment-method.not-chosen") },
              ...paymentMethods.map((value) => ({ value, label: t(`stores:payment.${value}`) })),
            ]}
          />
          <Button submit>{t("payment-method.set")}</Button>
        </InlineStack>
      </PosForm>
    </Section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="pos-section">
      <BlockStack gap="200">
        <Text as="h3" variant="headingSm">
          {title}
        </Text>
        {children}
      </BlockStack>
    </section>
  );
}

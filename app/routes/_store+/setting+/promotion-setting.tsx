import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { decimal, hkdAsCents, hundredthsOf, integer, nullable } from "#contract/field-rules";
import { centsToDollars, dollarsToCents } from "#contract/money";
import { BIRTHDAY_COUPON_TYPES } from "#contract/options";
import { version } from "#contract/parts";
import { CASH_DOLLAR_RATE_MAX, promotionSettingFields, type StoreSettingData } from "#modules/setting/contract";
import { CheckboxInput, SelectInput } from "~/components/choice-inputs";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormSection } from "~/components/form-section";
import { SaveForm } from "~/components/save-form";
import { TextInput, TextInputPair } from "~/components/text-input";
import { requireStore } from "~/server/auth.server";
import { requireCan } from "~/server/permissions.server";
import { useZodForm } from "~/utils/forms";
import { saveSettingPage, settingPageData } from "./__setting-page.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";

export const handle: RouteHandle = { i18n: ["setting"] };
export const meta = titleMeta;

const PAGE_URL = "/setting/promotion-setting";

/**
 * The contract's fields as people type them: rates with two decimals, amounts in HK$; the birthday
 * coupon's amount is a percentage or HK$ by its type.
 */
const formSchema = z
  .object({
    ...promotionSettingFields,
    cash_dollar_earn_rate: hundredthsOf(CASH_DOLLAR_RATE_MAX / 100),
    cash_dollar_redeem_rate: hundredthsOf(CASH_DOLLAR_RATE_MAX / 100),
    welcome_cash_dollar_cents: hkdAsCents(),
    birthday_coupon_amount: decimal(),
    birthday_coupon_minimum_subtotal_cents: hkdAsCents(),
    birthday_coupon_valid_days: integer(),
    vip_upgrade_spend_cents: nullable(hkdAsCents()),
    vip_upgrade_days: nullable(integer()),
    version,
  })
  .transform((value) => ({
    ...value,
    birthday_coupon_amount:
      value.birthday_coupon_type === "cash"
        ? dollarsToCents(value.birthday_coupon_amount)
        : value.birthday_coupon_amount,
  }));

function formValues({ promotion }: StoreSettingData) {
  const rate = (hundredths: number) => String(hundredths / 100);
  return {
    ...promotion,
    cash_dollar_earn_rate: rate(promotion.cash_dollar_earn_rate),
    cash_dollar_redeem_rate: rate(promotion.cash_dollar_redeem_rate),
    welcome_cash_dollar_cents: centsToDollars(promotion.welcome_cash_dollar_cents),
    birthday_coupon_amount:
      promotion.birthday_coupon_type === "cash"
        ? centsToDollars(promotion.birthday_coupon_amount)
        : String(promotion.birthday_coupon_amount),
    birthday_coupon_minimum_subtotal_cents: centsToDollars(promotion.birthday_coupon_minimum_subtotal_cents),
    birthday_coupon_valid_days: String(promotion.birthday_coupon_valid_days),
    vip_upgrade_spend_cents:
      promotion.vip_upgrade_spend_cents === null ? "" : centsToDollars(promotion.vip_upgrade_spend_cents),
    vip_upgrade_days: promotion.vip_upgrade_days === null ? "" : String(promotion.vip_upgrade_days),
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "setting:read");
  return settingPageData(context, { user, store, client }, "promotion", formValues);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "setting:write");
  return saveSettingPage(request, context, { user, store, client }, { url: PAGE_URL, formSchema }, (value) =>
    client.update_store_promotion_setting_data_by_application_key({
      application_key: store.applicationKey,
      ...value,
    }),
  );
}

export default function PromotionSetting() {
  const { defaultValue } = useLoaderData<typeof loader>();
  return <PromotionSettingForm key={defaultValue.version} />;
}

function PromotionSettingForm() {
  const { t } = useTranslation("setting");
  const { title, defaultValue, plan, canWrite } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(formSchema, useActionData<typeof action>(), defaultValue);
  // What the plan lacks is not offered, but its values travel on unchanged (and switched off).
  const planLacks = (message: string, kept: (keyof typeof defaultValue & keyof typeof fields)[]) => (
    <>
      <Text as="p" tone="subdued">
        {message}
      </Text>
      {kept.map((name) => (
        <input key={name} type="hidden" name={fields[name].name} value={String(defaultValue[name] ?? "")} />
      ))}
    </>
  );
  return (
    <Page title={title}>
      <SaveForm form={form} readOnly={!canWrite} version={fields.version}>
        <FormSection title={t("section.cash-dollar")}>
          {plan.has_cash_dollar ? (
            <FormLayout>
              <CheckboxInput field={fields.cash_dollar_enabled} label={t("field.cash-dollar-enabled")} />
              <TextInputPair
                fields={[
                  { field: fields.cash_dollar_earn_rate, label: t("field.earn-rate"), helpText: t("help.earn-rate") },
                  {
                    field: fields.cash_dollar_redeem_rate,
                    label: t("field.redeem-rate"),
                    helpText: t("help.redeem-rate"),
                  },
                ]}
              />
              <TextInput
                field={fields.welcome_cash_dollar_cents}
                label={t("field.welcome-cash-dollar")}
                autoComplete="off"
              />
            </FormLayout>
          ) : (
            planLacks(t("help.plan-no-cash-dollar"), [
              "cash_dollar_earn_rate",
              "cash_dollar_redeem_rate",
              "welcome_cash_dollar_cents",
            ])
          )}
        </FormSection>
        <FormSection title={t("section.birthday-coupon")}>
          <FormLayout>
            <CheckboxInput
              field={fields.birthday_coupon_enabled}
              label={t("field.birthday-coupon-enabled")}
              helpText={t("help.birthday-coupon")}
            />
            <FormLayout.Group>
              <SelectInput
                field={fields.birthday_coupon_type}
                label={t("field.birthday-coupon-type")}
                choices={BIRTHDAY_COUPON_TYPES.map((type) => ({ value: type, label: t(`coupon-type.${type}`) }))}
              />
              <TextInput
                field={fields.birthday_coupon_amount}
                label={t("field.birthday-coupon-amount")}
                autoComplete="off"
                helpText={t("help.birthday-amount")}
              />
            </FormLayout.Group>
            <TextInputPair
              fields={[
                {
                  field: fields.birthday_coupon_minimum_subtotal_cents,
                  label: t("field.minimum-subtotal"),
                  prefix: "$",
                },
                { field: fields.birthday_coupon_valid_days, label: t("field.valid-days") },
              ]}
            />
          </FormLayout>
        </FormSection>
        <FormSection title={t("section.vip")}>
          {plan.has_vip ? (
            <FormLayout>
              <CheckboxInput field={fields.vip_enabled} label={t("field.vip-enabled")} />
              <TextInputPair
                fields={[
                  { field: fields.vip_upgrade_spend_cents, label: t("field.vip-upgrade-spend"), prefix: "$" },
                  { field: fields.vip_upgrade_days, label: t("field.vip-upgrade-days") },
                ]}
              />
              <Text as="p" tone="subdued">
                {t("help.vip-upgrade")}
              </Text>
            </FormLayout>
          ) : (
            planLacks(t("help.plan-no-vip"), ["vip_upgrade_spend_cents", "vip_upgrade_days"])
          )}
        </FormSection>
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

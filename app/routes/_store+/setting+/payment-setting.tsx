import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { hundredthsOf, integer, nullable } from "#contract/field-rules";
import { ACCOUNT_PAYMENT_METHODS, PAYMENT_METHODS } from "#contract/options";
import { version, wholeNumber } from "#contract/parts";
import {
  CARD_FEE_MAX_BASIS_POINTS,
  INSTRUCTIONS_MAX,
  UNPAID_ORDER_CANCEL_HOURS_MAX,
  paymentSettingFields,
  reminderBeforeCancel,
  type StoreSettingData,
} from "#modules/setting/contract";
import { CheckboxInput } from "~/components/choice-inputs";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { FieldLike } from "~/components/field";
import { FormSection } from "~/components/form-section";
import { ImageUpload } from "~/components/image-upload";
import { SaveForm } from "~/components/save-form";
import { TextInput, TextInputPair } from "~/components/text-input";
import { requireStore } from "~/server/auth.server";
import { requireCan } from "~/server/permissions.server";
import { useZodForm } from "~/utils/forms";
import { saveSettingPage, settingPageData } from "./__setting-page.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";

export const handle: RouteHandle = { i18n: ["setting", "stores"] };
export const meta = titleMeta;

const PAGE_URL = "/setting/payment-setting";
const UPLOADS = Object.fromEntries(
  PAYMENT_METHODS.map((method) => [`methods.${method}.qr_image_url`, { accept: "image" } as const]),
);

/** The card fee is typed as a percentage (2.5) and saved in basis points (250). */
const formSchema = z
  .object({
    ...paymentSettingFields,
    card_fee_basis_points: hundredthsOf(CARD_FEE_MAX_BASIS_POINTS / 100),
    unpaid_order_cancel_hours: integer().pipe(wholeNumber(1, UNPAID_ORDER_CANCEL_HOURS_MAX)),
    unpaid_order_reminder_hours: nullable(integer().pipe(wholeNumber(1, UNPAID_ORDER_CANCEL_HOURS_MAX - 1))),
    version,
  })
  .check(reminderBeforeCancel);

function formValues({ payment }: StoreSettingData) {
  const text = (value: string | null) => value ?? "";
  return {
    methods: Object.fromEntries(
      Object.entries(payment.methods).map(([method, setting]) => [
        method,
        {
          ...setting,
          name_zh_hk: text(setting.name_zh_hk),
          name_en: text(setting.name_en),
          instructions_zh_hk: text(setting.instructions_zh_hk),
          instructions_en: text(setting.instructions_en),
          account_id: text(setting.account_id),
          qr_image_url: text(setting.qr_image_url),
          ...("bank_code" in setting && {
            bank_code: text(setting.bank_code),
            merchant_name_en: text(setting.merchant_name_en),
            merchant_city: text(setting.merchant_city),
          }),
        },
      ]),
    ),
    card_fee_basis_points: String(payment.card_fee_basis_points / 100),
    unpaid_order_cancel_hours: String(payment.unpaid_order_cancel_hours),
    unpaid_order_reminder_hours: payment.unpaid_order_reminder_hours?.toString() ?? "",
    version: payment.version,
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "setting:read");
  return settingPageData(context, { user, store, client }, "payment", formValues);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "setting:write");
  return saveSettingPage(
    request,
    context,
    { user, store, client },
    { url: PAGE_URL, formSchema, uploads: UPLOADS },
    (value) =>
      client.update_store_payment_setting_data_by_application_key({
        application_key: store.applicationKey,
        ...value,
      }),
  );
}

export default function PaymentSetting() {
  const { defaultValue } = useLoaderData<typeof loader>();
  return <PaymentSettingForm key={defaultValue.version} />;
}

function PaymentSettingForm() {
  const { title, defaultValue, canWrite } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(formSchema, useActionData<typeof action>(), defaultValue);
  const methods = fields.methods.getFieldset();
  const { t } = useTranslation("setting");
  return (
    <Page title={title}>
      <SaveForm form={form} encType="multipart/form-data" readOnly={!canWrite} version={fields.version}>
        {PAYMENT_METHODS.map((method) => (
          <PaymentMethodFields
            key={method}
            method={method}
            fields={methods[method].getFieldset()}
            cardFee={method === "credit_card" ? fields.card_fee_basis_points : undefined}
            fps={method === "fps" ? methods.fps.getFieldset() : undefined}
          />
        ))}
        <FormSection title={t("section.unpaid-orders")}>
          <TextInput
            field={fields.unpaid_order_cancel_hours}
            label={t("field.unpaid-order-cancel-hours")}
            helpText={t("help.unpaid-order-cancel-hours")}
            autoComplete="off"
          />
          <TextInput
            field={fields.unpaid_order_reminder_hours}
            label={t("field.unpaid-order-reminder-hours")}
            helpText={t("help.unpaid-order-reminder-hours")}
            autoComplete="off"
          />
        </FormSection>
      </SaveForm>
    </Page>
  );
}

type PaymentMethod = (typeof PAYMENT_METHODS)[number];
type MethodFields = Record<keyof z.input<typeof paymentSettingFields.methods>[PaymentMethod], FieldLike>;

function PaymentMethodFields({
  method,
  fields,
  cardFee,
  fps,
}: {
  method: PaymentMethod;
  fields: MethodFields;
  cardFee?: FieldLike;
  /** FPS's own fields: the bank code and the QR code's English name and city. */
  fps?: Record<"bank_code" | "merchant_name_en" | "merchant_city", FieldLike>;
}) {
  const { t } = useTranslation(["setting", "stores"]);
  const name = t(`stores:payment.${method}`);
  const takesAccount = (ACCOUNT_PAYMENT_METHODS as readonly string[]).includes(method);
  // Cash and cards are paid at the counter or through the card terminal: no QR code, nothing to prove.
  const isTransfer = method !== "cash" && method !== "credit_card";
  return (
    <FormSection title={name}>
      <FormLayout>
        <CheckboxInput field={fields.enabled} label={t("field.enabled")} />
        <TextInputPair
          helpText={t("help.name-default")}
          fields={[
            { field: fields.name_zh_hk, label: t("field.name-zh-hk") },
            { field: fields.name_en, label: t("field.name-en") },
          ]}
        />
        <TextInputPair
          multiline={3}
          maxLength={INSTRUCTIONS_MAX}
          fields={[
            { field: fields.instructions_zh_hk, label: t("field.instructions-zh-hk") },
            { field: fields.instructions_en, label: t("field.instructions-en") },
          ]}
        />
        {fps ? (
          <>
            <TextInput
              field={fields.account_id}
              label={t("field.fps-identifier")}
              helpText={t("help.fps-identifier")}
              autoComplete="off"
            />
            <TextInput
              field={fps.bank_code}
              label={t("field.fps-bank-code")}
              helpText={t("help.fps-bank-code")}
              autoComplete="off"
            />
            <TextInput
              field={fps.merchant_name_en}
              label={t("field.fps-merchant-name-en")}
              helpText={t("help.fps-merchant-name-en")}
              autoComplete="off"
            />
            <TextInput
              field={fps.merchant_city}
              label={t("field.fps-merchant-city")}
              helpText={t("help.fps-merchant-city")}
              autoComplete="off"
            />
          </>
        ) : (
          takesAccount && <TextInput field={fields.account_id} label={t("field.account-id")} autoComplete="off" />
        )}
        {cardFee && (
          <TextInput
            field={cardFee}
            label={t("field.card-fee")}
            type="text"
            autoComplete="off"
            helpText={t("help.card-fee")}
          />
        )}
        {isTransfer && <CheckboxInput field={fields.requires_proof} label={t("field.requires-proof")} />}
      </FormLayout>
      {isTransfer && (
        <ImageUpload module="setting" fields={[fields.qr_image_url]} label={`${name} · ${t("field.qr-image")}`} />
      )}
    </FormSection>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

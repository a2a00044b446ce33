import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import {
  couponFields,
  type CouponDetail,
  hongKongDateTime,
  hongKongDateTimeInput,
  MAX_COUPON_DESCRIPTION_LENGTH,
  memberKeyList,
  refineCoupon,
} from "#modules/promotion/contract";
import { hkdAsCents, optional } from "#contract/field-rules";
import { centsToDollars } from "#contract/money";
import { COUPON_AUDIENCES, COUPON_USAGES } from "#contract/options";
import { version } from "#contract/parts";
import { DISCOUNT_TYPES } from "#modules/plan-order/contract";
import { CheckboxInput, SelectInput } from "~/components/choice-inputs";
import type { FormFields } from "~/components/field";
import { FormSection } from "~/components/form-section";
import { ImageUpload } from "~/components/image-upload";
import { TextInput, TextInputPair } from "~/components/text-input";

export const LIST_URL = "/promotion/promotion-list";

/** The image field goes through the upload pipeline (uploaded at once with JS, with the form without). */
export const COUPON_UPLOADS = { image_url: { accept: "image" } } as const;

/** The contract's coupon fields as the form posts them: HK$ in dollars, times in Hong Kong, members one a line. */
const formFields = {
  ...couponFields,
  members: memberKeyList(),
  cash_off_cents: optional(hkdAsCents()),
  minimum_subtotal_cents: optional(hkdAsCents()),
  starts_at: hongKongDateTime(),
  expires_at: hongKongDateTime(),
};
export const couponFormSchema = z.object(formFields).superRefine(refineCoupon);
/** Editing one also posts back the version it was loaded with. */
export const editCouponFormSchema = z.object({ ...formFields, version }).superRefine(refineCoupon);

export const NEW_COUPON_VALUES = { usage: "once", audience: "all", discount_type: "percentage" };

export function couponFormValues(coupon: CouponDetail) {
  return {
    title_zh_hk: coupon.title_zh_hk,
    title_en: coupon.title_en,
    code: coupon.code,
    description: coupon.description ?? "",
    image_url: coupon.image_url ?? "",
    usage: coupon.usage,
    audience: coupon.audience,
    members: coupon.members.map((member) => member.member_code).join("\n"),
    discount_type: coupon.discount_type,
    percent_off: coupon.percent_off === null ? "" : String(coupon.percent_off),
    cash_off_cents: coupon.cash_off_cents === null ? "" : centsToDollars(coupon.cash_off_cents),
    starts_at: hongKongDateTimeInput(coupon.starts_at),
    expires_at: hongKongDateTimeInput(coupon.expires_at),
    minimum_subtotal_cents: centsToDollars(coupon.minimum_subtotal_cents),
    usage_limit: coupon.usage_limit === null ? "" : String(coupon.usage_limit),
    disabled: coupon.disabled,
    version: coupon.version,
  };
}

/** Every field of a coupon, for adding and editing. */
export function CouponFields({ fields }: { fields: FormFields<typeof couponFormSchema> }) {
  const { t } = useTranslation("promotion");
  return (
    <>
      <FormSection title={t("section.details")}>
        <FormLayout>
          <TextInputPair
            fields={[
              { field: fields.title_zh_hk, label: t("field.title-zh-hk") },
              { field: fields.title_en, label: t("field.title-en") },
            ]}
          />
          <TextInput field={fields.code} label={t("field.code")} autoComplete="off" helpText={t("help.code")} />
          <TextInput
            field={fields.description}
            label={t("field.description")}
            autoComplete="off"
            multiline={3}
            maxLength={MAX_COUPON_DESCRIPTION_LENGTH}
          />
        </FormLayout>
        <ImageUpload module="promotion" fields={[fields.image_url]} label={t("field.image")} />
      </FormSection>
      <FormSection title={t("section.discount")}>
        <FormLayout>
          <SelectInput
            field={fields.discount_type}
            label={t("field.discount-type")}
            choices={DISCOUNT_TYPES.map((type) => ({ value: type, label: t(`discount-type.${type}`) }))}
          />
          <TextInputPair
            fields={[
              { field: fields.percent_off, label: t("field.percent-off"), helpText: t("help.percent-off") },
              { field: fields.cash_off_cents, label: t("field.cash-off"), helpText: t("help.cash-off") },
            ]}
          />
          <TextInput
            field={fields.minimum_subtotal_cents}
            label={t("field.minimum-subtotal")}
            autoComplete="off"
            helpText={t("help.minimum-subtotal")}
          />
        </FormLayout>
      </FormSection>
      <FormSection title={t("section.validity")}>
        <FormLayout>
          <TextInputPair
            type="datetime-local"
            helpText={t("help.hong-kong-time")}
            fields={[
              { field: fields.starts_at, label: t("field.starts-at") },
              { field: fields.expires_at, label: t("field.expires-at") },
            ]}
          />
          <FormLayout.Group>
            <SelectInput
              field={fields.usage}
              label={t("field.usage")}
              choices={COUPON_USAGES.map((usage) => ({ value: usage, label: t(`usage.${usage}`) }))}
            />
            <TextInput
              field={fields.usage_limit}
              label={t("field.usage-limit")}
              autoComplete="off"
              helpText={t("help.usage-limit")}
            />
          </FormLayout.Group>
          <CheckboxInput field={fields.disabled} label={t("field.disabled")} />
        </FormLayout>
      </FormSection>
      <FormSection title={t("section.audience")}>
        <FormLayout>
          <SelectInput
            field={fields.audience}
            label={t("field.audience")}
            choices={COUPON_AUDIENCES.map((audience) => ({ value: audience, label: t(`audience.${audience}`) }))}
          />
          <TextInput
            field={fields.members}
            label={t("field.members")}
            autoComplete="off"
            multiline={3}
            helpText={t("help.members")}
          />
        </FormLayout>
      </FormSection>
    </>
  );
}

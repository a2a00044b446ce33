import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { memberFields, type MemberRecord, MAX_MEMBER_NOTE_LENGTH } from "#modules/member/contract";
import { DISTRICTS, MEMBER_LEVELS } from "#contract/options";
import { version } from "#contract/parts";
import { CheckboxInput, SelectInput } from "~/components/choice-inputs";
import type { FormFields } from "~/components/field";
import { FormSection } from "~/components/form-section";
import { TextInput, TextInputPair } from "~/components/text-input";

export const LIST_URL = "/member/member-list";

export const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

/** The contract's member fields, as the form posts them. */
export const memberFormSchema = z.object(memberFields);
/** Editing one also posts back the version it was loaded with. */
export const editMemberFormSchema = memberFormSchema.extend({ version });

export const newMemberValues = (today: string) => ({ registration_date: today, level: "general" });

export function memberFormValues(member: MemberRecord) {
  return {
    name: member.name,
    email: member.email,
    phone: member.phone ?? "",
    registration_date: member.registration_date,
    level: member.level,
    birthday_month: member.birthday_month === null ? "" : String(member.birthday_month),
    marketing_consent: member.marketing_consent,
    disabled: member.disabled,
    note: member.note ?? "",
    delivery_address: member.delivery_address ?? "",
    delivery_district: member.delivery_district ?? "",
    version: member.version,
  };
}

/**
 * Every field of a member, for adding and editing. VIP is offered when the plan has it (or the member is
 * VIP already: the level stays theirs).
 */
export function MemberFields({ fields, hasVip }: { fields: FormFields<typeof memberFormSchema>; hasVip: boolean }) {
  const { t } = useTranslation(["member", "common"]);
  const offerVip = hasVip || fields.level.initialValue === "vip";
  return (
    <>
      <FormSection title={t("section.profile")}>
        <FormLayout>
          <TextInput field={fields.name} label={t("field.name")} autoComplete="off" />
          <TextInputPair
            fields={[
              { field: fields.email, label: t("field.email"), type: "email" },
              { field: fields.phone, label: t("field.phone"), type: "tel", helpText: t("common:form.phone-help") },
            ]}
          />
          <SelectInput
            field={fields.birthday_month}
            label={t("field.birthday-month")}
            choices={[
              { value: "", label: t("no-month") },
              ...MONTHS.map((month) => ({ value: String(month), label: t(`month.${month}`) })),
            ]}
          />
          <CheckboxInput field={fields.marketing_consent} label={t("field.marketing-consent")} />
        </FormLayout>
      </FormSection>
      <FormSection title={t("section.membership")}>
        <FormLayout>
          <FormLayout.Group>
            <TextInput
              field={fields.registration_date}
              label={t("field.registration-date")}
              type="date"
              autoComplete="off"
              helpText={t("help.registration-date")}
            />
            <SelectInput
              field={fields.level}
              label={t("field.level")}
              choices={MEMBER_LEVELS.filter((level) => offerVip || level !== "vip").map((level) => ({
                value: level,
                label: t(`level.${level}`),
              }))}
            />
          </FormLayout.Group>
          <Text as="p" tone="subdued">
            {offerVip ? t("help.level") : t("help.level-no-vip")}
          </Text>
          <CheckboxInput field={fields.disabled} label={t("field.disabled")} helpText={t("help.disabled")} />
          <TextInput
            field={fields.note}
            label={t("field.note")}
            multiline={3}
            maxLength={MAX_MEMBER_NOTE_LENGTH}
            autoComplete="off"
            helpText={t("help.note")}
          />
        </FormLayout>
      </FormSection>
      <FormSection title={t("section.delivery")}>
        <FormLayout>
          <TextInput field={fields.delivery_address} label={t("field.delivery-address")} autoComplete="off" />
          <SelectInput
            field={fields.delivery_district}
            label={t("field.delivery-district")}
            choices={[
              { value: "", label: t("no-district") },
              ...DISTRICTS.map((district) => ({ value: district, label: t(`district.${district}`) })),
            ]}
          />
        </FormLayout>
      </FormSection>
    </>
  );
}

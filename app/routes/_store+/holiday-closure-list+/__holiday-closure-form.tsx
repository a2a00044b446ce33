import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { closureDays, holidayClosureFields, type HolidayClosureRecord } from "#modules/holiday-closure/contract";
import { version } from "#contract/parts";
import { FormSection } from "~/components/form-section";
import type { FormFields } from "~/components/field";
import { TextInput, TextInputPair } from "~/components/text-input";

export const LIST_URL = "/holiday-closure-list";

/** The contract's closure fields, the last day checked against the first beside it. */
export const holidayClosureFormSchema = z.object(holidayClosureFields).check(closureDays);
/** Editing one also posts back the version it was loaded with. */
export const editHolidayClosureFormSchema = z.object({ ...holidayClosureFields, version }).check(closureDays);

export function holidayClosureFormValues(closure: HolidayClosureRecord) {
  return {
    start_date: closure.start_date,
    end_date: closure.end_date,
    name_zh_hk: closure.name_zh_hk,
    name_en: closure.name_en,
    note: closure.note ?? "",
    version: closure.version,
  };
}

/** Every field of a holiday closure, for adding and editing. */
export function HolidayClosureFields({ fields }: { fields: FormFields<typeof holidayClosureFormSchema> }) {
  const { t } = useTranslation("holiday-closure");
  return (
    <FormSection title={t("section.details")}>
      <FormLayout>
        <TextInputPair
          type="date"
          helpText={t("help.dates")}
          fields={[
            { field: fields.start_date, label: t("field.start-date") },
            { field: fields.end_date, label: t("field.end-date") },
          ]}
        />
        <TextInputPair
          fields={[
            { field: fields.name_zh_hk, label: t("field.name-zh-hk") },
            { field: fields.name_en, label: t("field.name-en") },
          ]}
        />
        <TextInput field={fields.note} label={t("field.note")} autoComplete="off" multiline={3} />
      </FormLayout>
    </FormSection>
  );
}

import type { SubmissionResult } from "@conform-to/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { InlineGrid } from "@shopify/polaris/build/esm/components/InlineGrid/InlineGrid.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import {
  appointmentServiceFields,
  DEFAULT_NOTICE_HOURS,
  MAX_SCHEDULE_ROWS,
  refineSchedules,
  type AppointmentChoices,
  type AppointmentServiceRecord,
  type ScheduleRowRecord,
} from "#modules/appointment-setup/contract";
import { hkdAsCents } from "#contract/field-rules";
import { localizedName } from "#contract/localized";
import { centsToDollars } from "#contract/money";
import { APPOINTMENT_STATUSES, SCHEDULE_TYPES } from "#contract/options";
import { version } from "#contract/parts";
import { CheckboxInput, SelectInput } from "~/components/choice-inputs";
import { FormSection } from "~/components/form-section";
import { AddLineButton, FormLine } from "~/components/form-lines";
import { IntentButton } from "~/components/intent-button";
import { TextInput, TextInputPair } from "~/components/text-input";
import { InlineError } from "@shopify/polaris/build/esm/components/InlineError/InlineError.js";
import { useZodForm } from "~/utils/forms";
import { translateErrors } from "~/utils/messages";

const serviceFormFields = { ...appointmentServiceFields, price_cents: hkdAsCents() };

/** The contract's service fields, the price typed in HK$; the schedule's rules beside each row. */
export const serviceFormSchema = z.object(serviceFormFields).superRefine(refineSchedules);
export const editServiceFormSchema = z.object({ ...serviceFormFields, version }).superRefine(refineSchedules);

const EMPTY_ROW = { schedule_type: "everyday", specific_date: "", start_time: "", end_time: "" };

export const NEW_SERVICE_VALUES = {
  duration_minutes: "60",
  buffer_before_minutes: "0",
  buffer_after_minutes: "0",
  capacity: "1",
  min_notice_hours: String(DEFAULT_NOTICE_HOURS),
  booking_window_days: "60",
  status: "accept",
  schedules: [EMPTY_ROW],
};

export function serviceFormValues(service: AppointmentServiceRecord & { schedules: ScheduleRowRecord[] }) {
  return {
    name_zh_hk: service.name_zh_hk,
    name_en: service.name_en,
    description: service.description,
    category_id: String(service.category_id),
    provider_id: String(service.provider_id),
    duration_minutes: String(service.duration_minutes),
    price_cents: centsToDollars(service.price_cents),
    buffer_before_minutes: String(service.buffer_before_minutes),
    buffer_after_minutes: String(service.buffer_after_minutes),
    capacity: String(service.capacity),
    min_notice_hours: String(service.min_notice_hours),
    booking_window_days: String(service.booking_window_days),
    status: service.status,
    schedules: service.schedules.map((row) => ({
      schedule_type: row.schedule_type,
      specific_date: row.specific_date ?? "",
      closed: row.closed,
      start_time: row.start_time ?? "",
      end_time: row.end_time ?? "",
    })),
    version: service.version,
  };
}

export function useServiceForm(
  schema: typeof serviceFormSchema | typeof editServiceFormSchema,
  lastResult: SubmissionResult<string[]> | null | undefined,
  defaultValue: Record<string, unknown>,
) {
  return useZodForm(schema, lastResult, defaultValue);
}

type ServiceForm = ReturnType<typeof useServiceForm>;

/**
 * Every field of a service, its schedule as rows ("add" and "remove" post the form back with a row more
 * or less, with or without JavaScript). A stopped category stays choosable, marked; providers are the
 * active ones and the service's own.
 */
export function ServiceFields({
  form,
  fields,
  choices,
  providerId,
}: {
  form: ServiceForm[0];
  fields: ServiceForm[1];
  choices: Pick<AppointmentChoices, "categories" | "providers">;
  providerId?: number;
}) {
  const { t, i18n } = useTranslation("appointment-setup");
  const { t: translate } = useTranslation();
  const rows = fields.schedules.getFieldList();
  const name = (record: { name_zh_hk: string; name_en: string }) => localizedName(record, i18n.language, "name");
  return (
    <>
      <FormSection title={t("section.service")}>
        <FormLayout>
          <TextInputPair
            fields={[
              { field: fields.name_zh_hk, label: t("field.name-zh-hk") },
              { field: fields.name_en, label: t("field.name-en") },
            ]}
          />
          <TextInput field={fields.description} label={t("field.description")} autoComplete="off" multiline={4} />
          <FormLayout.Group>
            <SelectInput
              field={fields.category_id}
              label={t("field.category")}
              placeholder=" "
              choices={choices.categories.map((category) => ({
                value: String(category.id),
                label: category.status === "stop" ? t("choice-stopped", { name: name(category) }) : name(category),
              }))}
            />
            <SelectInput
              field={fields.provider_id}
              label={t("field.provider")}
              placeholder=" "
              choices={choices.providers
                .filter((provider) => provider.active || provider.id === providerId)
                .map((provider) => ({ value: String(provider.id), label: name(provider) }))}
            />
          </FormLayout.Group>
          <FormLayout.Group>
            <TextInput
              field={fields.price_cents}
              label={t("field.price")}
              autoComplete="off"
              helpText={t("help.price")}
            />
            <SelectInput
              field={fields.status}
              label={t("field.status")}
              helpText={t("help.status-service")}
              choices={APPOINTMENT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
            />
          </FormLayout.Group>
        </FormLayout>
      </FormSection>
      <FormSection title={t("section.booking")}>
        <FormLayout>
          <TextInputPair
            type="number"
            fields={[
              { field: fields.duration_minutes, label: t("field.duration") },
              { field: fields.capacity, label: t("field.capacity"), helpText: t("help.capacity") },
            ]}
          />
          <TextInputPair
            type="number"
            fields={[
              { field: fields.buffer_before_minutes, label: t("field.buffer-before"), helpText: t("help.buffers") },
              { field: fields.buffer_after_minutes, label: t("field.buffer-after") },
            ]}
          />
          <TextInputPair
            type="number"
            fields={[
              { field: fields.min_notice_hours, label: t("field.min-notice") },
              { field: fields.booking_window_days, label: t("field.booking-window") },
            ]}
          />
        </FormLayout>
      </FormSection>
      <FormSection title={t("section.schedules")}>
        <BlockStack gap="400">
          <Text as="p" tone="subdued">
            {t("help.schedules")}
          </Text>
          {fields.schedules.errors && (
            <InlineError
              message={translateErrors(translate, fields.schedules.errors) ?? ""}
              fieldID={fields.schedules.id}
            />
          )}
          {rows.map((row, index) => {
            const field = row.getFieldset();
            return (
              <FormLine key={row.key}>
                <Text as="h3" variant="headingSm">
                  {t("schedule-row", { number: index + 1 })}
                </Text>
                <InlineGrid columns={{ xs: 1, sm: 2, md: 4 }} gap="300">
                  <SelectInput
                    field={field.schedule_type}
                    label={t("field.schedule-type")}
                    choices={SCHEDULE_TYPES.map((type) => ({ value: type, label: t(`schedule-type.${type}`) }))}
                  />
                  <TextInput field={field.specific_date} label={t("field.date")} type="date" autoComplete="off" />
                  <TextInput field={field.start_time} label={t("field.start-time")} type="time" autoComplete="off" />
                  <TextInput field={field.end_time} label={t("field.end-time")} type="time" autoComplete="off" />
                </InlineGrid>
                <InlineStack align="space-between" blockAlign="center">
                  <CheckboxInput field={field.closed} label={t("field.closed")} />
                  <IntentButton buttonProps={form.remove.getButtonProps({ name: fields.schedules.name, index })} plain>
                    {t("remove-schedule-row", { number: index + 1 })}
                  </IntentButton>
                </InlineStack>
              </FormLine>
            );
          })}
          {rows.length < MAX_SCHEDULE_ROWS && (
            <AddLineButton
              buttonProps={form.insert.getButtonProps({ name: fields.schedules.name, defaultValue: EMPTY_ROW })}
            >
              {t("add-schedule-row")}
            </AddLineButton>
          )}
        </BlockStack>
      </FormSection>
    </>
  );
}

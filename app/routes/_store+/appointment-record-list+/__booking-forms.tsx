import { Form, useSubmit } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Select } from "@shopify/polaris/build/esm/components/Select/Select.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import {
  bookingCustomerFields,
  confirmOutsideRules,
  MAX_APPOINTMENT_NOTE_LENGTH,
  requireGuest,
} from "#modules/appointment-booking/contract";
import { isoDate, multilineText, optional, time } from "#contract/field-rules";
import { id, version } from "#contract/parts";
import type { FieldLike } from "~/components/field";
import { QueryInput } from "~/components/query-input";
import { translateErrors } from "~/utils/messages";

const note = optional(multilineText({ max: MAX_APPOINTMENT_NOTE_LENGTH }));

/** The booking form: a free slot or a typed time, a member or a guest, a note, and a walk-in's confirmation. */
export const bookingFormSchema = z
  .object({
    service_id: id,
    date: isoDate(),
    slot: optional(time()),
    typed_time: optional(time()),
    ...confirmOutsideRules,
    ...bookingCustomerFields,
    note,
  })
  .superRefine((value, context) => {
    requireGuest(value, context);
    if (value.slot === undefined && value.typed_time === undefined) {
      context.addIssue({ code: "custom", message: "force-input", path: ["slot"] });
    }
  });

/** The booking's note, saved over the version the page was loaded with. */
export const noteFormSchema = z.object({ note, version });

export interface Choice {
  value: string;
  label: string;
}

/**
 * Native radio buttons (they post with JS off, and keep the choice the server sent back), under a legend
 * that names the group, with the field's errors.
 */
export function RadioList({
  field,
  legend,
  choices,
  emptyText,
}: {
  field: FieldLike;
  legend: string;
  choices: Choice[];
  emptyText?: string;
}) {
  const { t } = useTranslation();
  const errors = translateErrors(t, field.errors);
  const chosen = String(field.initialValue ?? "");
  return (
    <fieldset className="radio-list" aria-describedby={errors ? `${field.id}-error` : undefined}>
      <legend>
        <Text as="span" variant="bodyMd">
          {legend}
        </Text>
      </legend>
      <BlockStack gap="100">
        {choices.length === 0 && emptyText && (
          <Text as="p" tone="subdued">
            {emptyText}
          </Text>
        )}
        {choices.map((choice) => (
          <label key={choice.value} style={{ display: "flex", gap: "0.5rem", alignItems: "center" }}>
            <input type="radio" name={field.name} value={choice.value} defaultChecked={chosen === choice.value} />
            <Text as="span">{choice.label}</Text>
          </label>
        ))}
        {errors && (
          <Text as="p" tone="critical" id={`${field.id}-error`}>
            {errors}
          </Text>
        )}
      </BlockStack>
    </fieldset>
  );
}

/** A GET form that reloads its page's data (no full page) when `reload` is called, e.g. on a change. */
export function useReload() {
  const ref = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const reload = () => {
    if (ref.current) submit(ref.current, { method: "get", replace: true, preventScrollReset: true });
  };
  return { ref, reload };
}

/**
 * The GET form that picks the service and date (and keeps the member search): with JS a change reloads
 * the slots at once, without a full page; without JS its button does.
 */
export function SlotPicker({
  services,
  serviceId,
  date,
  keyword,
}: {
  services: Choice[];
  serviceId: string;
  date: string;
  keyword: string;
}) {
  const { t } = useTranslation("appointment-booking");
  const [service, setService] = useState(serviceId);
  const { ref, reload } = useReload();
  return (
    <Form method="get" replace preventScrollReset noValidate ref={ref}>
      <BlockStack gap="300">
        {keyword && <input type="hidden" name="member" value={keyword} />}
        <Select
          name="service"
          label={t("field.service")}
          options={services}
          value={service}
          onChange={(next) => {
            setService(next);
            reload();
          }}
        />
        <QueryInput name="date" label={t("field.date")} value={date} type="date" onChange={reload} />
        <InlineStack align="end">
          <Button submit>{t("show-slots")}</Button>
        </InlineStack>
      </BlockStack>
    </Form>
  );
}

/** The refusals a staff booking or move overrides with "Book anyway (walk-in)": passed, or inside the notice. */
export const isNoticeRefusal = (message: string | undefined) =>
  message !== undefined && /^appointment-(time-passed|inside-notice:\d+)$/.test(message);

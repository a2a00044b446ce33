import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { MAX_ENQUIRY_MESSAGE_LENGTH, MAX_ENQUIRY_NOTE_LENGTH, type EnquiryDetail } from "#modules/enquiry/contract";
import { ENQUIRY_STATUSES } from "#contract/options";
import { multilineText, nullable } from "#contract/field-rules";
import { id, version } from "#contract/parts";
import { SelectInput } from "~/components/choice-inputs";
import type { FieldLike } from "~/components/field";
import { TextInput } from "~/components/text-input";

/** Staff's handling of an enquiry, saved over the version the page was loaded with. */
export const handlingFormSchema = z.object({
  version,
  status: z.enum(ENQUIRY_STATUSES),
  assignee_id: nullable(id),
  note: nullable(multilineText({ max: MAX_ENQUIRY_NOTE_LENGTH })),
});

export const replyFormSchema = z.object({ message: multilineText({ max: MAX_ENQUIRY_MESSAGE_LENGTH }) });

export const handlingFormValues = (enquiry: EnquiryDetail) => ({
  version: enquiry.version,
  status: enquiry.status,
  assignee_id: enquiry.assignee_id === null ? "" : String(enquiry.assignee_id),
  note: enquiry.note ?? "",
});

export function HandlingFields({
  fields,
  staff,
}: {
  fields: { status: FieldLike; assignee_id: FieldLike; note: FieldLike };
  staff: { id: number; name: string }[];
}) {
  const { t } = useTranslation("enquiry");
  return (
    <FormLayout>
      <SelectInput
        field={fields.status}
        label={t("field.status")}
        choices={ENQUIRY_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
      />
      <SelectInput
        field={fields.assignee_id}
        label={t("field.assignee")}
        choices={[
          { value: "", label: t("unassigned") },
          ...staff.map((member) => ({ value: String(member.id), label: member.name })),
        ]}
      />
      <TextInput
        field={fields.note}
        label={t("field.note")}
        autoComplete="off"
        multiline={4}
        maxLength={MAX_ENQUIRY_NOTE_LENGTH}
        helpText={t("help.note")}
      />
    </FormLayout>
  );
}

export function ReplyFields({ field, email }: { field: FieldLike; email: string }) {
  const { t } = useTranslation("enquiry");
  return (
    <TextInput
      field={field}
      label={t("field.message")}
      autoComplete="off"
      multiline={6}
      maxLength={MAX_ENQUIRY_MESSAGE_LENGTH}
      helpText={t("help.message", { email })}
    />
  );
}

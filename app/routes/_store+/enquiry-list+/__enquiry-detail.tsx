import type { SubmissionResult } from "@conform-to/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Box } from "@shopify/polaris/build/esm/components/Box/Box.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Layout } from "@shopify/polaris/build/esm/components/Layout/Layout.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import type { EnquiryKind, EnquiryStatus } from "#contract/options";
import { DeleteRecord } from "~/components/delete-record";
import { FormSection } from "~/components/form-section";
import { SaveForm } from "~/components/save-form";
import { StatusBadge } from "~/components/status-badge";
import { LabelValue } from "~/components/label-value";
import { useZodForm } from "~/utils/forms";
import { HandlingFields, handlingFormSchema, ReplyFields, replyFormSchema } from "./__enquiry-forms";
import { LIST_URLS, STATUS_TONES } from "./__enquiry-kinds";

export interface EnquiryDetailData {
  kind: EnquiryKind;
  title: string;
  enquiry: {
    id: number;
    status: EnquiryStatus;
    name: string;
    email: string;
    phone: string | null;
    subject: string;
    receivedAt: string;
    dateOfBirth: string | null;
    preferredDate: string | null;
    preferredTimeSlot: string | null;
    practitioner: string | null;
    version: number;
  };
  messages: { id: number; fromStaff: boolean; author: string; sentAt: string; body: string }[];
  staff: { id: number; name: string }[];
  handling: Record<string, unknown>;
  canWrite: boolean;
  confirmingDelete: boolean;
}

export type EnquiryActionResult = { intent: "handle" | "reply"; reply: SubmissionResult<string[]> } | undefined;

/** A label and its value, one under the other, as Shopify's customer cards show them. */
/** The handling form starts over from the saved record after each save: keyed by its version. */
function HandlingForm({ data, result }: { data: EnquiryDetailData; result: EnquiryActionResult }) {
  const { t } = useTranslation("enquiry");
  const [form, fields] = useZodForm(
    handlingFormSchema,
    result?.intent === "handle" ? result.reply : undefined,
    data.handling,
  );
  return (
    <FormSection title={t("section.handling")}>
      <SaveForm form={form} readOnly={!data.canWrite} version={fields.version}>
        <input type="hidden" name="intent" value="handle" />
        <HandlingFields fields={fields} staff={data.staff} />
      </SaveForm>
    </FormSection>
  );
}

function ReplyForm({ data, result }: { data: EnquiryDetailData; result: EnquiryActionResult }) {
  const { t } = useTranslation("enquiry");
  const [form, fields] = useZodForm(replyFormSchema, result?.intent === "reply" ? result.reply : undefined, {});
  return (
    <FormSection title={t("section.reply")}>
      <SaveForm form={form} submitLabel={t("send-reply")}>
        <input type="hidden" name="intent" value="reply" />
        <ReplyFields field={fields.message} email={data.enquiry.email} />
      </SaveForm>
    </FormSection>
  );
}

export function EnquiryDetailPage({ data, result }: { data: EnquiryDetailData; result: EnquiryActionResult }) {
  const { t } = useTranslation(["enquiry", "common"]);
  const { kind, title, enquiry, messages, canWrite, confirmingDelete } = data;
  const empty = t("empty");
  return (
    <Page
      title={title}
      titleMetadata={<StatusBadge tone={STATUS_TONES[enquiry.status]}>{t(`status.${enquiry.status}`)}</StatusBadge>}
      subtitle={enquiry.subject}
      backAction={{ content: t("common:shell.back"), url: LIST_URLS[kind] }}
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <FormSection title={t("section.thread")}>
              <BlockStack gap="300">
                {messages.map((message) => (
                  <Box
                    key={message.id}
                    padding="300"
                    borderRadius="200"
                    background={message.fromStaff ? "bg-surface-secondary" : "bg-surface"}
                    borderWidth="025"
                    borderColor="border"
                  >
                    <BlockStack gap="200">
                      <InlineStack align="space-between" gap="200">
                        <Text as="h3" variant="headingSm">
                          {message.author}
                        </Text>
                        <Text as="span" tone="subdued" numeric>
                          {message.sentAt}
                        </Text>
                      </InlineStack>
                      <Text as="p" breakWord>
                        <span className="message-body">{message.body}</span>
                      </Text>
                    </BlockStack>
                  </Box>
                ))}
              </BlockStack>
            </FormSection>
            {canWrite && <ReplyForm key={`reply-${enquiry.version}`} data={data} result={result} />}
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <BlockStack gap="400">
            <FormSection title={t("section.enquirer")}>
              <BlockStack gap="300">
                <LabelValue layout="stacked" label={t("field.name")}>
                  {enquiry.name}
                </LabelValue>
                <LabelValue layout="stacked" label={t("field.email")}>
                  <Link url={`mailto:${enquiry.email}`} external>
                    {enquiry.email}
                  </Link>
                </LabelValue>
                <LabelValue layout="stacked" label={t("field.phone")}>
                  {enquiry.phone ? <Link url={`tel:${enquiry.phone}`}>{enquiry.phone}</Link> : empty}
                </LabelValue>
                {kind === "medical" && (
                  <LabelValue layout="stacked" label={t("field.date-of-birth")}>
                    {enquiry.dateOfBirth ?? empty}
                  </LabelValue>
                )}
                <LabelValue layout="stacked" label={t("field.received")}>
                  {enquiry.receivedAt}
                </LabelValue>
              </BlockStack>
            </FormSection>
            {kind === "medical" && (
              <FormSection title={t("section.appointment")}>
                <BlockStack gap="300">
                  <LabelValue layout="stacked" label={t("field.preferred-date")}>
                    {enquiry.preferredDate ?? empty}
                  </LabelValue>
                  <LabelValue layout="stacked" label={t("field.preferred-time-slot")}>
                    {enquiry.preferredTimeSlot
                      ? t(`time-slot.${enquiry.preferredTimeSlot}` as "time-slot.morning")
                      : empty}
                  </LabelValue>
                  <LabelValue layout="stacked" label={t("field.practitioner")}>
                    {enquiry.practitioner ?? empty}
                  </LabelValue>
                </BlockStack>
              </FormSection>
            )}
            <HandlingForm key={`handle-${enquiry.version}`} data={data} result={result} />
          </BlockStack>
        </Layout.Section>
        {canWrite && (
          <Layout.Section>
            <DeleteRecord
              name={t("delete-name", { id: enquiry.id })}
              consequence={t("delete-consequence")}
              confirming={confirmingDelete}
            />
          </Layout.Section>
        )}
      </Layout>
    </Page>
  );
}

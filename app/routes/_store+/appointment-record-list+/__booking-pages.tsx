import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Select } from "@shopify/polaris/build/esm/components/Select/Select.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CheckboxInput } from "~/components/choice-inputs";
import type { FieldLike } from "~/components/field";
import { FormSection } from "~/components/form-section";
import { QueryInput } from "~/components/query-input";
import { SaveForm } from "~/components/save-form";
import { StatusBadge } from "~/components/status-badge";
import { TextInput } from "~/components/text-input";
import { LabelValue } from "~/components/label-value";
import { ReminderCard } from "~/components/reminder-card";
import { useZodForm } from "~/utils/forms";
import { translateMessage } from "~/utils/messages";
import {
  bookingFormSchema,
  isNoticeRefusal,
  noteFormSchema,
  RadioList,
  SlotPicker,
  useReload,
  type Choice,
} from "./__booking-forms";
import type { bookingAddData, bookingDetailData } from "./__bookings.server";

type AddData = Awaited<ReturnType<typeof bookingAddData>> & { title: string };
type Reply = SubmissionResult<string[]> | undefined;

/** "Book anyway (walk-in)": confirms a time that has passed or is inside the service's minimum notice. */
function WalkInConfirmation({ field }: { field: FieldLike }) {
  const { t } = useTranslation("appointment-booking");
  return (
    <CheckboxInput field={field} label={t("field.confirm-outside-rules")} helpText={t("help.confirm-outside-rules")} />
  );
}

export function AddBookingPage({ data, result }: { data: AddData; result: Reply }) {
  const { t } = useTranslation(["appointment-booking", "common"]);
  const [form, fields] = useZodForm(bookingFormSchema, result, {
    service_id: data.serviceId,
    date: data.date,
    member_id: "",
  });
  return (
    <Page title={data.title} backAction={{ content: t("common:shell.back"), url: data.listUrl }}>
      <BlockStack gap="400">
        {data.services.length === 0 ? (
          <Banner tone="warning">
            <p>{t("no-services")}</p>
          </Banner>
        ) : (
          <>
            <FormSection title={t("section.service")}>
              <SlotPicker services={data.services} serviceId={data.serviceId} date={data.date} keyword={data.keyword} />
            </FormSection>
            <FormSection title={t("section.customer")}>
              <Form method="get" replace preventScrollReset noValidate>
                <input type="hidden" name="service" value={data.serviceId} />
                <input type="hidden" name="date" value={data.date} />
                <InlineStack gap="200" blockAlign="end" wrap>
                  <div style={{ flex: "1 1 16rem" }}>
                    <QueryInput name="member" label={t("field.member-search")} value={data.keyword} />
                  </div>
                  <Button submit>{t("search")}</Button>
                </InlineStack>
              </Form>
            </FormSection>
            <SaveForm form={form} submitLabel={t("book")}>
              <input type="hidden" name={fields.service_id.name} value={data.serviceId} />
              <input type="hidden" name={fields.date.name} value={data.date} />
              <FormSection title={t("section.booking")}>
                <RadioList
                  field={fields.slot}
                  legend={`${t("field.slot")} · ${data.date}`}
                  choices={data.slots}
                  emptyText={t("no-slots")}
                />
                <TextInput field={fields.typed_time} label={t("field.typed-time")} type="time" autoComplete="off" />
                {/* From the reply, not the live fields: revalidating as the box is ticked clears their errors. */}
                {(data.shortNotice ||
                  isNoticeRefusal(result?.error?.slot?.[0]) ||
                  isNoticeRefusal(result?.error?.typed_time?.[0])) && (
                  <WalkInConfirmation field={fields.confirm_outside_rules} />
                )}
                <RadioList
                  field={fields.member_id}
                  legend={t("field.customer-kind")}
                  choices={[{ value: "", label: t("guest") }, ...(data.members ?? [])]}
                />
                {data.members?.length === 0 && (
                  <Text as="p" tone="subdued">
                    {t("no-members")}
                  </Text>
                )}
                <TextInput field={fields.customer_name} label={t("field.customer-name")} autoComplete="off" />
                <TextInput
                  field={fields.customer_phone}
                  label={t("field.customer-phone")}
                  type="tel"
                  autoComplete="off"
                />
                <TextInput
                  field={fields.customer_email}
                  label={t("field.customer-email")}
                  type="email"
                  autoComplete="off"
                />
                <TextInput field={fields.note} label={t("field.note")} multiline={3} autoComplete="off" />
              </FormSection>
            </SaveForm>
          </>
        )}
      </BlockStack>
    </Page>
  );
}

type DetailData = Awaited<ReturnType<typeof bookingDetailData>> & {
  canWrite: boolean;
  patientUrl: string | null;
};

const STATUS_TONES = { success: "info", cancelled: undefined, completed: "success" } as const;

export function BookingDetailPage({ data, result }: { data: DetailData; result: Reply }) {
  const { t } = useTranslation(["appointment-booking", "common"]);
  const { record } = data;
  return (
    <Page
      title={data.title}
      subtitle={record.time}
      titleMetadata={<StatusBadge tone={STATUS_TONES[record.status]}>{t(`status.${record.status}`)}</StatusBadge>}
      backAction={{ content: t("common:shell.back"), url: data.listUrl }}
    >
      <BlockStack gap="400">
        {data.confirmingCancel && (
          <Banner tone="warning" title={t("cancel-confirm")}>
            <Form method="post" noValidate>
              <input type="hidden" name="intent" value="cancel" />
              <InlineStack gap="200">
                <Button submit tone="critical" variant="primary">
                  {t("cancel-yes")}
                </Button>
                <Button url="?">{t("keep")}</Button>
              </InlineStack>
            </Form>
          </Banner>
        )}
        <Card>
          <BlockStack gap="200">
            <Text as="h2" variant="headingMd">
              {t("section.booking")}
            </Text>
            <LabelValue label={t("field.service")}>{record.service}</LabelValue>
            <LabelValue label={t("field.provider")}>{record.provider}</LabelValue>
            <LabelValue label={t("field.start-end")}>{record.time}</LabelValue>
            <LabelValue label={t("field.price")}>{record.price}</LabelValue>
            <LabelValue label={t("field.channel")}>{t(`channel.${record.channel}`)}</LabelValue>
            <LabelValue label={t("field.customer")}>
              {[record.customerName, record.customerPhone, record.customerEmail].filter(Boolean).join(" · ")}
            </LabelValue>
            {record.member && <LabelValue label={t("field.member")}>{record.member.member_code}</LabelValue>}
            {data.patientUrl && <Link url={data.patientUrl}>{t("patient-details")}</Link>}
          </BlockStack>
        </Card>
        {data.open && (
          <Card>
            <InlineStack gap="200" wrap>
              <Form method="post" noValidate>
                <input type="hidden" name="intent" value="complete" />
                <Button submit variant="primary">
                  {t("complete")}
                </Button>
              </Form>
              <Button url="?cancel=1" tone="critical">
                {t("cancel")}
              </Button>
            </InlineStack>
          </Card>
        )}
        {record.status === "success" && <ReminderCard sentAt={record.remindedAt} whatsapp={data.whatsapp} />}
        {data.open && <MoveForm data={data} />}
        <NoteForm key={record.version} data={data} result={result} />
        <Card>
          <BlockStack gap="200">
            <Text as="h2" variant="headingMd">
              {t("section.history")}
            </Text>
            <LabelValue label={t("field.booked-at")}>{record.bookedAt}</LabelValue>
            {record.cancelledAt && <LabelValue label={t("field.cancelled-at")}>{record.cancelledAt}</LabelValue>}
            {record.completedAt && <LabelValue label={t("field.completed-at")}>{record.completedAt}</LabelValue>}
            {record.remindedAt && <LabelValue label={t("common:reminder.sent-at")}>{record.remindedAt}</LabelValue>}
            {record.actor && <LabelValue label={t("field.actor")}>{record.actor}</LabelValue>}
          </BlockStack>
        </Card>
      </BlockStack>
    </Page>
  );
}

function MoveForm({ data }: { data: DetailData }) {
  const { t } = useTranslation(["appointment-booking", "common"]);
  const slotField = { id: "move-slot", name: "slot", initialValue: undefined, errors: undefined };
  const { ref, reload } = useReload();
  const [provider, setProvider] = useState(data.moveProvider);
  return (
    <FormSection title={t("section.move")}>
      <Form method="get" replace preventScrollReset noValidate ref={ref}>
        <InlineStack gap="200" blockAlign="end" wrap>
          <QueryInput name="move_date" label={t("field.date")} value={data.moveDate} type="date" onChange={reload} />
          <Button submit>{t("show-slots")}</Button>
        </InlineStack>
      </Form>
      <Form method="post" noValidate>
        <BlockStack gap="300">
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="date" value={data.moveDate} />
          <input type="hidden" name="version" value={data.record.version} />
          {data.slotsShown ? (
            <RadioList
              field={slotField}
              legend={`${t("field.slot")} · ${data.moveDate}`}
              choices={data.slots as Choice[]}
              emptyText={t("no-slots")}
            />
          ) : (
            <Text as="p" tone="subdued">
              {t("move-choose-date")}
            </Text>
          )}
          {data.providers.length > 1 && (
            <Select
              name="provider_id"
              label={t("field.provider")}
              options={data.providers}
              value={provider}
              onChange={setProvider}
            />
          )}
          <QueryInput
            name="typed_time"
            label={t("field.typed-time")}
            value={data.moveTime}
            error={data.moveRefusal ? translateMessage(t, data.moveRefusal) : undefined}
          />
          {(data.shortNotice || data.moveRefusal) && (
            <WalkInConfirmation field={{ id: "move-confirm", name: "confirm_outside_rules" }} />
          )}
          <InlineStack align="end">
            <Button submit>{t("move")}</Button>
          </InlineStack>
        </BlockStack>
      </Form>
    </FormSection>
  );
}

function NoteForm({ data, result }: { data: DetailData; result: Reply }) {
  const { t } = useTranslation("appointment-booking");
  const [form, fields] = useZodForm(noteFormSchema, result, {
    note: data.record.note,
    version: data.record.version,
  });
  return (
    <SaveForm form={form} readOnly={!data.canWrite} version={fields.version} submitLabel={t("save-note")}>
      <input type="hidden" name="intent" value="note" />
      <FormSection title={t("section.note")}>
        <TextInput field={fields.note} label={t("field.note")} multiline={3} autoComplete="off" />
      </FormSection>
    </SaveForm>
  );
}

import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { hongKongDateTime, hongKongDateTimeInput, memberKeyList } from "#modules/promotion/contract";
import { crossFieldCheck, optional, whenFieldsValid } from "#contract/field-rules";
import { PUSH_AUDIENCES } from "#contract/options";
import { version } from "#contract/parts";
import {
  MAX_PUSH_BODY_LENGTH,
  MAX_PUSH_TITLE_LENGTH,
  PUSH_SAVE_MODES,
  pushNotificationFields,
  type PushNotificationDetail,
  refinePushNotification,
} from "#modules/push-notification/contract";
import { SelectInput, type Choice } from "~/components/choice-inputs";
import type { FormFields } from "~/components/field";
import { FormSection } from "~/components/form-section";
import { ImageUpload } from "~/components/image-upload";
import { LinkTargetFields, linkTargetFormValues, NO_LINK_VALUES } from "~/components/link-target-fields";
import { TextInput, TextInputPair } from "~/components/text-input";

export const LIST_URL = "/push-notification-list";

/** The image goes through the upload pipeline (uploaded at once with JS, with the form without). */
export const PUSH_UPLOADS = { image_url: { accept: "image" } } as const;

/** The contract's fields as the form posts them: members one a line, the time in Hong Kong. */
const formFields = {
  ...pushNotificationFields,
  members: memberKeyList(),
  send_at: optional(hongKongDateTime()),
};

/**
 * A scheduled time still ahead of `now`: the backend refuses a past one too, but checked here it shows with
 * the form's other errors (once the time itself was typed right).
 */
const scheduleAhead = (now: () => number) =>
  z.refine<{ mode?: unknown; send_at?: unknown }>(
    ({ mode, send_at }) => mode !== "scheduled" || typeof send_at !== "string" || Date.parse(send_at) > now(),
    { error: "send-at-in-past", path: ["send_at"], when: whenFieldsValid("mode", "send_at") },
  );

/** The push form's rules, the schedule checked against `now` (the request's clock on the server). */
export const pushFormSchema = (now: () => number = Date.now) =>
  z.object(formFields).check(crossFieldCheck(refinePushNotification), scheduleAhead(now));
/** Editing one also posts back the version it was loaded with. */
export const editPushFormSchema = (now: () => number = Date.now) =>
  z.object({ ...formFields, version }).check(crossFieldCheck(refinePushNotification), scheduleAhead(now));

export const NEW_PUSH_VALUES = { audience: "all", mode: "draft", ...NO_LINK_VALUES };

/** The link's choices: the store's categories and custom pages, by name in the page's language. */
export interface LinkChoices {
  categories: Choice[];
  customPages: Choice[];
}

export function pushFormValues(push: PushNotificationDetail) {
  return {
    title_zh_hk: push.title_zh_hk,
    title_en: push.title_en,
    body_zh_hk: push.body_zh_hk,
    body_en: push.body_en,
    image_url: push.image_url ?? "",
    ...linkTargetFormValues(push.link),
    audience: push.audience,
    members: push.members.map((member) => member.member_code).join("\n"),
    mode: push.status === "scheduled" ? "scheduled" : "draft",
    send_at: push.status === "scheduled" && push.send_at ? hongKongDateTimeInput(push.send_at) : "",
    version: push.version,
  };
}

/** Every field of a push, for adding and editing. */
export function PushFields({
  fields,
  links,
  savedLink,
}: {
  fields: FormFields<ReturnType<typeof pushFormSchema>>;
  links: LinkChoices;
  savedLink?: PushNotificationDetail["link"];
}) {
  const { t } = useTranslation("push-notification");
  return (
    <>
      <FormSection title={t("section.content")}>
        <FormLayout>
          <TextInputPair
            maxLength={MAX_PUSH_TITLE_LENGTH}
            fields={[
              { field: fields.title_zh_hk, label: t("field.title-zh-hk") },
              { field: fields.title_en, label: t("field.title-en"), helpText: t("help.title-en") },
            ]}
          />
          <TextInputPair
            multiline={3}
            maxLength={MAX_PUSH_BODY_LENGTH}
            fields={[
              { field: fields.body_zh_hk, label: t("field.body-zh-hk") },
              { field: fields.body_en, label: t("field.body-en"), helpText: t("help.body-en") },
            ]}
          />
        </FormLayout>
        <ImageUpload module="push_notification" fields={[fields.image_url]} label={t("field.image")} />
      </FormSection>
      <FormSection title={t("section.link")}>
        <LinkTargetFields
          fields={fields}
          module="push_notification"
          categories={links.categories}
          customPages={links.customPages}
          saved={savedLink}
        />
      </FormSection>
      <FormSection title={t("section.audience")}>
        <FormLayout>
          <SelectInput
            field={fields.audience}
            label={t("field.audience")}
            helpText={t("help.audience")}
            choices={PUSH_AUDIENCES.map((audience) => ({ value: audience, label: t(`audience.${audience}`) }))}
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
      <FormSection title={t("section.sending")}>
        <FormLayout>
          <FormLayout.Group>
            <SelectInput
              field={fields.mode}
              label={t("field.mode")}
              choices={PUSH_SAVE_MODES.map((mode) => ({ value: mode, label: t(`mode.${mode}`) }))}
            />
            <TextInput
              field={fields.send_at}
              label={t("field.send-at")}
              type="datetime-local"
              autoComplete="off"
              helpText={t("help.send-at")}
            />
          </FormLayout.Group>
        </FormLayout>
      </FormSection>
    </>
  );
}

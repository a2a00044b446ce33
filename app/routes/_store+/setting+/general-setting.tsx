import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { integer } from "#contract/field-rules";
import { CURRENCIES, LANGUAGES } from "#contract/options";
import { version, wholeNumber } from "#contract/parts";
import {
  ADDRESS_MAX,
  BOOKING_REMINDER_HOURS_MAX,
  generalSettingFields,
  SEO_DESCRIPTION_MAX,
  type StoreSettingData,
} from "#modules/setting/contract";
import { CheckboxGroup } from "~/components/choice-inputs";
import { GeneralErrorBoundary } from "~/components/error-boundary";
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

const PAGE_URL = "/setting/general-setting";
const UPLOADS = {
  logo_img_url: { accept: "image" },
  favicon_url: { accept: "image" },
  share_image_url: { accept: "image" },
} as const;

const formSchema = z.object({
  ...generalSettingFields,
  booking_reminder_hours: integer().pipe(wholeNumber(1, BOOKING_REMINDER_HOURS_MAX)),
  version,
});

function formValues({ general, version }: StoreSettingData) {
  const text = (value: string | null) => value ?? "";
  return {
    ...general,
    logo_img_url: text(general.logo_img_url),
    favicon_url: text(general.favicon_url),
    share_image_url: text(general.share_image_url),
    sub_domain: text(general.sub_domain),
    custom_domain: text(general.custom_domain),
    contact_email: text(general.contact_email),
    contact_phone: text(general.contact_phone),
    address: text(general.address),
    seo_title: text(general.seo_title),
    seo_description: text(general.seo_description),
    booking_reminder_hours: String(general.booking_reminder_hours),
    version,
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "setting:read");
  return settingPageData(context, { user, store, client }, "general", formValues);
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
      client.update_store_general_setting_data_by_application_key({
        application_key: store.applicationKey,
        ...value,
      }),
  );
}

export default function GeneralSetting() {
  const { defaultValue } = useLoaderData<typeof loader>();
  // A save comes back to this page: the new version starts the form over from what was saved.
  return <GeneralSettingForm key={defaultValue.version} />;
}

function GeneralSettingForm() {
  const { t } = useTranslation(["setting", "stores", "common"]);
  const { title, defaultValue, plan, canWrite } = useLoaderData<typeof loader>();
  const defaultOnly = plan.default_language_and_currency_only;
  const [form, fields] = useZodForm(formSchema, useActionData<typeof action>(), defaultValue);
  const offered = <const V extends string>(values: readonly V[], defaultValue: V, label: (value: V) => string) =>
    (defaultOnly ? [defaultValue] : values).map((value) => ({ value, label: label(value) }));
  return (
    <Page title={title}>
      <SaveForm form={form} encType="multipart/form-data" readOnly={!canWrite} version={fields.version}>
        <FormSection title={t("section.store")}>
          <FormLayout>
            <TextInput
              field={fields.store_name}
              label={t("stores:field.store-name")}
              autoComplete="organization"
              helpText={t("stores:help.store-name")}
            />
            <CheckboxGroup
              field={fields.accept_language}
              label={t("stores:field.accept-language")}
              choices={offered(LANGUAGES, "zh-HK", (value) => t(`stores:language.${value}`))}
            />
            <CheckboxGroup
              field={fields.accept_currency}
              label={t("stores:field.accept-currency")}
              choices={offered(CURRENCIES, "HKD", (value) => t(`stores:currency.${value}`))}
            />
            {defaultOnly && <p>{t("help.default-only")}</p>}
          </FormLayout>
        </FormSection>
        <FormSection title={t("section.images")}>
          <ImageUpload module="setting" fields={[fields.logo_img_url]} label={t("field.logo")} />
          <ImageUpload module="setting" fields={[fields.favicon_url]} label={t("field.favicon")} />
          <ImageUpload module="setting" fields={[fields.share_image_url]} label={t("field.share-image")} />
        </FormSection>
        <FormSection title={t("section.domains")}>
          <FormLayout>
            <TextInput
              field={fields.sub_domain}
              label={t("stores:field.sub-domain")}
              autoComplete="off"
              helpText={t("stores:help.sub-domain")}
            />
            <TextInput
              field={fields.custom_domain}
              label={t("field.custom-domain")}
              autoComplete="off"
              helpText={t("help.custom-domain")}
            />
          </FormLayout>
        </FormSection>
        <FormSection title={t("section.contact")}>
          <FormLayout>
            <TextInputPair
              fields={[
                { field: fields.contact_email, label: t("field.contact-email"), type: "email", autoComplete: "email" },
                {
                  field: fields.contact_phone,
                  label: t("field.contact-phone"),
                  type: "tel",
                  autoComplete: "tel",
                  helpText: t("common:form.phone-help"),
                },
              ]}
            />
            <TextInput
              field={fields.address}
              label={t("field.address")}
              autoComplete="street-address"
              multiline={3}
              maxLength={ADDRESS_MAX}
            />
          </FormLayout>
        </FormSection>
        <FormSection title={t("section.seo")}>
          <FormLayout>
            <TextInput field={fields.seo_title} label={t("field.seo-title")} autoComplete="off" maxLength={70} />
            <TextInput
              field={fields.seo_description}
              label={t("field.seo-description")}
              autoComplete="off"
              multiline={3}
              maxLength={SEO_DESCRIPTION_MAX}
            />
          </FormLayout>
        </FormSection>
        <FormSection title={t("section.reminders")}>
          <TextInput
            field={fields.booking_reminder_hours}
            label={t("field.booking-reminder-hours")}
            helpText={t("help.booking-reminder-hours")}
            autoComplete="off"
          />
        </FormSection>
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

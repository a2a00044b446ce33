import * as z from "zod";
import { domain, email, hostname, multilineText, optional, phone, storeName, text } from "./field-rules";
import type { Examples } from "./examples";
import { CURRENCIES, LANGUAGES } from "./options";
import { applicationKey, someOf, version } from "./parts";
import { uploadedFileUrl } from "./uploads";

/** The store's settings (module `setting`), which every commerce module reads. */

/** The longest SEO description search engines show; the title keeps the counter's default 70. */
export const SEO_DESCRIPTION_MAX = 160;
export const ADDRESS_MAX = 200;

const nullable = <T extends z.ZodType>(schema: T) => optional(schema).transform((value) => value ?? null);

/** Everything the general setting page saves. */
export const generalSettingFields = {
  store_name: storeName(),
  accept_language: someOf(LANGUAGES),
  accept_currency: someOf(CURRENCIES),
  logo_img_url: nullable(uploadedFileUrl()),
  favicon_url: nullable(uploadedFileUrl()),
  share_image_url: nullable(uploadedFileUrl()),
  sub_domain: nullable(domain()),
  custom_domain: nullable(hostname()),
  contact_email: nullable(email()),
  contact_phone: nullable(phone()),
  address: nullable(multilineText({ max: ADDRESS_MAX })),
  seo_title: nullable(text()),
  seo_description: nullable(multilineText({ max: SEO_DESCRIPTION_MAX })),
};

const storeKey = { application_key: applicationKey };

export const settingPayloads = {
  get_store_setting_data_by_application_key: z.object(storeKey),
  /** `version` is the store account's: provider staff editing the same store meet the same check. */
  update_store_general_setting_data_by_application_key: z.object({ ...storeKey, ...generalSettingFields, version }),
};

export type GeneralSetting = { [K in keyof typeof generalSettingFields]: z.output<(typeof generalSettingFields)[K]> };

export interface StoreSettingData {
  application_key: string;
  general: GeneralSetting;
  /** What the store's plan allows the settings to switch on. */
  plan: { default_language_and_currency_only: boolean; has_cash_dollar: boolean; has_vip: boolean };
  version: number;
}

export interface SettingResults {
  get_store_setting_data_by_application_key: StoreSettingData;
  update_store_general_setting_data_by_application_key: null;
}

export const settingExamples: Examples<typeof settingPayloads> = {
  get_store_setting_data_by_application_key: ({ application_key }) => ({ application_key }),
  update_store_general_setting_data_by_application_key: ({ application_key }) => ({
    application_key,
    store_name: `Example ${application_key}`,
    accept_language: ["zh-HK"],
    accept_currency: ["HKD"],
    version: 1,
  }),
};

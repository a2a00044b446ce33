import type { GeneralSetting, StoreSettingData } from "../../contract/actions";
import { currentPlanQuery } from "../current-plan";
import type { StoreScope } from "../db/scope";
import { storeAccounts, websiteData } from "../db/schema";
import { nextVersion, rethrowStaleVersion } from "../db/version";
import { ActionError, found } from "../errors";
import { oneName } from "../log";
import { defineAction } from "../registry";
import { rethrowUniqueViolation } from "../unique";
import { requireOwnUpload, uploadOf } from "./uploads";

type StoreAccountRow = typeof storeAccounts.$inferSelect;
type WebsiteRow = typeof websiteData.$inferSelect;

const UNIQUE_CONFLICTS = {
  "store_account.store_name": { message: "store-name-used", field: "store_name" },
  "store_account.sub_domain": { message: "domain-repeated", field: "sub_domain" },
  "website_data.custom_domain": { message: "domain-repeated", field: "custom_domain" },
} as const;

const IMAGE_FIELDS = ["logo_img_url", "favicon_url", "share_image_url"] as const;

function toGeneral(account: StoreAccountRow, website: WebsiteRow | undefined): GeneralSetting {
  return {
    store_name: account.storeName,
    accept_language: account.acceptLanguage as GeneralSetting["accept_language"],
    accept_currency: account.acceptCurrency as GeneralSetting["accept_currency"],
    logo_img_url: website?.logoImgUrl ?? null,
    favicon_url: website?.faviconUrl ?? null,
    share_image_url: website?.shareImageUrl ?? null,
    sub_domain: account.subDomain,
    custom_domain: website?.customDomain ?? null,
    contact_email: website?.contactEmail ?? null,
    contact_phone: website?.contactPhone ?? null,
    address: website?.address ?? null,
    seo_title: website?.seoTitle ?? null,
    seo_description: website?.seoDescription ?? null,
  };
}

/** The store's account, website and current plan. */
const settingsReads = (store: StoreScope, now: Date) =>
  [store.select(storeAccounts).limit(1), store.select(websiteData).limit(1), currentPlanQuery(store, now)] as const;

/** A plan with `default_language_and_currency_only` lets the store offer zh-HK and HKD only. */
function checkPlanAllows(input: GeneralSetting, defaultOnly: boolean) {
  if (!defaultOnly) return;
  const fields: Record<string, string[]> = {};
  if (input.accept_language.some((language) => language !== "zh-HK"))
    fields.accept_language = ["plan-default-language-and-currency-only"];
  if (input.accept_currency.some((currency) => currency !== "HKD"))
    fields.accept_currency = ["plan-default-language-and-currency-only"];
  if (Object.keys(fields).length > 0) throw new ActionError(400, "invalid-payload", fields);
}

export const settingActions = [
  defineAction("get_store_setting_data_by_application_key", "store:setting:read", {
    reads: (_input, { store, now }) => settingsReads(store, now),
    handler: async (_input, _context, [accounts, [website], [plan]]) => {
      const account = found(accounts);
      const setting: StoreSettingData = {
        application_key: account.applicationKey,
        general: toGeneral(account, website),
        plan: {
          default_language_and_currency_only: plan?.defaultLanguageAndCurrencyOnly ?? false,
          has_cash_dollar: plan?.hasCashDollar ?? false,
          has_vip: plan?.hasVip ?? false,
        },
        version: account.version,
      };
      return setting;
    },
  }),

  defineAction("update_store_general_setting_data_by_application_key", "store:setting:write", {
    reads: (input, { store, now }) =>
      [...settingsReads(store, now), ...IMAGE_FIELDS.map((field) => uploadOf(store, input[field]))] as const,
    handler: async (input, { store, caller, now }, [accounts, [website], [plan], ...uploads]) => {
      const { application_key: _applicationKey, version, ...general } = input;
      const account = found(accounts);
      checkPlanAllows(general, plan?.defaultLanguageAndCurrencyOnly ?? false);
      IMAGE_FIELDS.forEach((field, index) => requireOwnUpload(general[field], uploads[index], field));
      await store
        .batch([
          store.update(storeAccounts, {
            storeName: general.store_name,
            subDomain: general.sub_domain,
            acceptLanguage: general.accept_language,
            acceptCurrency: general.accept_currency,
            version: nextVersion(storeAccounts.version, version),
          }),
          store.update(websiteData, {
            logoImgUrl: general.logo_img_url,
            faviconUrl: general.favicon_url,
            shareImageUrl: general.share_image_url,
            customDomain: general.custom_domain,
            contactEmail: general.contact_email,
            contactPhone: general.contact_phone,
            address: general.address,
            seoTitle: general.seo_title,
            seoDescription: general.seo_description,
          }),
          store.log(caller, now, {
            action: "edit",
            dataType: "store_account_data",
            recordId: store.applicationKey,
            recordName: oneName(general.store_name),
            before: toGeneral(account, website),
            after: general,
          }),
        ])
        .catch(rethrowStaleVersion)
        .catch((error) => rethrowUniqueViolation(error, UNIQUE_CONFLICTS));
      return null;
    },
  }),
];

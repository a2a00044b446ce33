import { RemixI18Next } from "remix-i18next/server";
import enAuth from "../../locales/en/auth.json";
import enCommon from "../../locales/en/common.json";
import enMessage from "../../locales/en/message.json";
import enStaff from "../../locales/en/staff.json";
import enStore from "../../locales/en/store.json";
import enValidation from "../../locales/en/validation.json";
import zhAuth from "../../locales/zh-HK/auth.json";
import zhCommon from "../../locales/zh-HK/common.json";
import zhMessage from "../../locales/zh-HK/message.json";
import zhStaff from "../../locales/zh-HK/staff.json";
import zhStore from "../../locales/zh-HK/store.json";
import zhValidation from "../../locales/zh-HK/validation.json";
import enConsole from "../../locales/en/console.json";
import enPlans from "../../locales/en/plans.json";
import enWorkers from "../../locales/en/workers.json";
import zhConsole from "../../locales/zh-HK/console.json";
import zhPlans from "../../locales/zh-HK/plans.json";
import zhWorkers from "../../locales/zh-HK/workers.json";
import enProducts from "../../locales/en/products.json";
import enCategories from "../../locales/en/categories.json";
import enAddons from "../../locales/en/addons.json";
import enUploads from "../../locales/en/uploads.json";
import zhProducts from "../../locales/zh-HK/products.json";
import zhCategories from "../../locales/zh-HK/categories.json";
import zhAddons from "../../locales/zh-HK/addons.json";
import zhUploads from "../../locales/zh-HK/uploads.json";
import { userLangCookie } from "./cookies.server";
import { i18nConfig } from "~/i18n";

export const resources = {
  en: {
    common: enCommon,
    auth: enAuth,
    validation: enValidation,
    message: enMessage,
    store: enStore,
    staff: enStaff,
    console: enConsole,
    plans: enPlans,
    workers: enWorkers,
    products: enProducts,
    categories: enCategories,
    addons: enAddons,
    uploads: enUploads,
  },
  "zh-HK": {
    common: zhCommon,
    auth: zhAuth,
    validation: zhValidation,
    message: zhMessage,
    store: zhStore,
    staff: zhStaff,
    console: zhConsole,
    plans: zhPlans,
    workers: zhWorkers,
    products: zhProducts,
    categories: zhCategories,
    addons: zhAddons,
    uploads: zhUploads,
  },
};

/** The language comes from the userLang cookie, else the browser: English if it asks for it, else zh-HK. */
export const remixI18Next = new RemixI18Next({
  detection: {
    supportedLanguages: [...i18nConfig.supportedLngs],
    fallbackLanguage: i18nConfig.fallbackLng,
    cookie: userLangCookie(),
    order: ["cookie", "header"],
  },
  i18next: { ...i18nConfig, supportedLngs: [...i18nConfig.supportedLngs], ns: [...i18nConfig.ns], resources },
});

import "i18next";
import type { resources } from "./locales.generated.server";

/**
 * `t()` keys are checked against the zh-HK files (scripts/locale-files.ts): a missing or misspelled key fails
 * `npm run typecheck`. Keys held as data (backend message keys, toast "ns:key" strings) are
 * translated through app/utils/messages.ts, the one place that takes a plain string.
 */
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: (typeof resources)["zh-HK"];
  }
}

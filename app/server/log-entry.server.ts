/**
 * A log entry in words: the record by its kind and name ("Plan "Pro"") and each change by the field's
 * label, with values as people read them (HK$1,280.50, Yes/No, names of modules and options, — for
 * empty). The labels are the ones the record's own form uses.
 */
import type { LogRecord } from "#contract/actions";
import { hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { formatHkd } from "#contract/money";
import type { AppTFunction, Locale } from "~/i18n";
import { translateKey } from "~/utils/messages";
import { moduleLogLabels } from "./log-labels.generated";
import type { Field, Kind } from "./log-labels";

/** What the words need of an entry: the console's log and the store's staff log both have it. */
type Entry = Pick<LogRecord, "data_type" | "record_id" | "record_name_zh_hk" | "record_name_en" | "changes">;

/** Every data type's fields: a module that logs a data type declares its labels (modules/<module>/log-labels.ts). */
const FIELDS: Record<LogRecord["data_type"], Partial<Record<string, Field>>> = moduleLogLabels;

const EMPTY = "—";
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function formatValue(value: unknown, kind: Kind | undefined, t: AppTFunction, locale: Locale): string {
  if (value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) {
    return EMPTY;
  }
  if (Array.isArray(value)) {
    return value.map((item) => formatValue(item, kind, t, locale)).join(t("console:list-separator"));
  }
  if (typeof value === "boolean") return t(value ? "common:form.yes" : "common:form.no");
  switch (kind) {
    case "money":
      return typeof value === "number" ? formatHkd(value) : String(value);
    case "number":
      return typeof value === "number" ? value.toLocaleString(locale) : String(value);
    case "hundredths":
      return typeof value === "number" ? (value / 100).toLocaleString(locale) : String(value);
    case "basis-points":
      return typeof value === "number" ? `${(value / 100).toLocaleString(locale)}%` : String(value);
    case "id":
    case "ids":
      return `#${String(value)}`;
    case "files":
      return String(value).split("/").pop() ?? String(value);
    case undefined:
      break;
    default:
      return translateKey(t, `${kind}.${String(value)}`, { defaultValue: String(value) });
  }
  if (typeof value === "string") return ISO_TIME.test(value) ? hongKongTime(value) : value;
  return JSON.stringify(value);
}

/** The record as people call it: its kind and name, or its kind and id on entries without a name. */
export function describeRecord(entry: Entry, t: AppTFunction, locale: Locale): string {
  const type = translateKey(t, `console:data-type.${entry.data_type}`, { defaultValue: entry.data_type });
  if (entry.record_name_zh_hk === null) return t("console:record-numbered", { type, id: entry.record_id });
  const name = localizedName(
    { record_name_zh_hk: entry.record_name_zh_hk, record_name_en: entry.record_name_en ?? "" },
    locale,
    "record_name",
  );
  return t("console:record-named", { type, name });
}

/** A payment or delivery method by its name. */
const methodName = (method: string, t: AppTFunction) =>
  translateKey(t, `stores:payment.${method}`, {
    defaultValue: translateKey(t, `stores:delivery.${method}`, { defaultValue: method }),
  });

/** "Label: before → after" for each changed field. */
export function describeChanges(entry: Entry, t: AppTFunction, locale: Locale): string[] {
  const fields = FIELDS[entry.data_type] ?? {};
  return Object.entries(entry.changes).map(([name, [before, after]]) => {
    const [, method, fieldName] = /^(?:(\w+?)\.)?(\w+(?:\.\w+)?)$/.exec(name) ?? [];
    const ownField = fields[name];
    const field = ownField ?? (fieldName ? fields[fieldName] : undefined);
    const label = field ? t(field.label) : name;
    return t("console:change", {
      field: !ownField && field && method ? `${methodName(method, t)} · ${label}` : label,
      before: formatValue(before, field?.kind, t, locale),
      after: formatValue(after, field?.kind, t, locale),
    });
  });
}

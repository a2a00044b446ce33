/**
 * Members in a spreadsheet: the import template, reading an uploaded .xlsx into rows that
 * `add_member_data_in_batch` accepts, and exporting the member list as .xlsx or CSV, in one set of
 * columns so that an export can be edited and imported back (its rows update the members by e-mail).
 * The member ID and the cash dollar balance are written but never read: the store gives the one, the
 * ledger changes the other. The sheet machinery is `~/server/spreadsheet.server`.
 */
import * as XLSX from "@e965/xlsx";
import type * as z from "zod";
import { memberFields, type MemberRecord } from "#modules/member/contract";
import { DISTRICTS, MEMBER_LEVELS } from "#contract/options";
import { resources } from "~/locales.generated.server";
import type { Locale } from "~/i18n";
import {
  cellText,
  countInput,
  defineSheet,
  FORMAT_NOT_MATCH,
  flagInput,
  flagValue,
  type Cell,
  type CellInput,
  type ParseResult,
  type SheetValue,
} from "~/server/spreadsheet.server";

type Kind = "code" | "text" | "date" | "level" | "count" | "flag" | "balance" | "district";

const COLUMNS = [
  { column: "member_code", field: "member_code", kind: "code" },
  { column: "name", field: "name", kind: "text" },
  { column: "email", field: "email", kind: "text" },
  { column: "phone", field: "phone", kind: "text" },
  { column: "registration_date", field: "registration_date", kind: "date" },
  { column: "level", field: "level", kind: "level" },
  { column: "birthday_month", field: "birthday_month", kind: "count" },
  { column: "marketing_consent", field: "marketing_consent", kind: "flag" },
  { column: "disabled", field: "disabled", kind: "flag" },
  { column: "cash_dollar", field: "cash_dollar_cents", kind: "balance" },
  { column: "note", field: "note", kind: "text" },
  { column: "delivery_address", field: "delivery_address", kind: "text" },
  { column: "delivery_district", field: "delivery_district", kind: "district" },
] as const satisfies readonly { column: string; field: keyof MemberRecord; kind: Kind }[];

type ColumnSpec = (typeof COLUMNS)[number];

const TEXTS = { en: resources.en.member, "zh-HK": resources["zh-HK"].member } as const;
const sheet = defineSheet({
  columns: COLUMNS,
  texts: { en: TEXTS.en.sheet, "zh-HK": TEXTS["zh-HK"].sheet },
  fields: memberFields,
});

export type MemberRow = z.output<z.ZodObject<typeof memberFields>>;
/** What the sheet holds of a member. */
export type SheetMember = Pick<MemberRecord, ColumnSpec["field"]>;

// ---------------------------------------------------------------------------------------------
// Writing

function sheetValue(spec: ColumnSpec, member: SheetMember, locale: Locale): SheetValue {
  switch (spec.kind) {
    case "level":
      return TEXTS[locale].level[member.level];
    case "district":
      return member.delivery_district && TEXTS[locale].district[member.delivery_district];
    case "flag":
      return flagValue(member[spec.field]);
    default:
      return member[spec.field];
  }
}

const writer = sheet.recordWriter({
  value: sheetValue,
  cents: (spec, member: SheetMember) => (spec.kind === "balance" ? member[spec.field] : undefined),
});

/** The listed members as an .xlsx workbook with one sheet, headed in `locale`. */
export const membersToXlsx = writer.toXlsx;

/** The listed members as CSV, in the columns of the .xlsx. */
export const membersToCsv = writer.toCsv;

/** A member as a merchant would fill one in, in `locale`; the member ID marks it as the example. */
function exampleMember(locale: Locale): SheetMember {
  const example = TEXTS[locale].sheet.example;
  return {
    member_code: example.member_code,
    name: example.name,
    email: example.email,
    phone: "91234567",
    registration_date: "2026-01-15",
    level: "general",
    birthday_month: 5,
    marketing_consent: true,
    disabled: false,
    cash_dollar_cents: 0,
    note: example.note,
    delivery_address: example.delivery_address,
    delivery_district: "hk",
  };
}

/** The import template: the headers in `locale` and one example row, which the import skips. */
export function memberTemplate(locale: Locale): Uint8Array {
  return sheet.toXlsx([writer.xlsxRow(exampleMember(locale), locale)], locale, (cells) => {
    cells.A2.c = [{ t: TEXTS[locale].sheet.example["note-cell"] }];
  });
}

// ---------------------------------------------------------------------------------------------
// Reading

const EXAMPLE_CODES = new Set(Object.values(TEXTS).map(({ sheet }) => sheet.example.member_code.toLowerCase()));

/** A choice by its key or its label in either language ("vip", "VIP", "一般"; "kln", "Kowloon", "九龍"). */
function choiceReader<K extends string>(
  keys: readonly K[],
  labels: (texts: (typeof TEXTS)[Locale]) => Record<K, string>,
) {
  const byWord = new Map<string, K>(
    keys.flatMap((key) =>
      [key, ...Object.values(TEXTS).map((texts) => labels(texts)[key])].map(
        (word) => [word.toLowerCase(), key] as const,
      ),
    ),
  );
  return (cell: Cell): CellInput => {
    const key = byWord.get(cellText(cell).toLowerCase());
    return key ? { value: key } : FORMAT_NOT_MATCH;
  };
}

const levelInput = choiceReader(MEMBER_LEVELS, (texts) => texts.level);
const districtInput = choiceReader(DISTRICTS, (texts) => texts.district);

/** A date typed as text (YYYY-MM-DD, the field's rule), or a date cell, which the sheet holds as Excel's day number. */
function dateInput(cell: Cell): CellInput {
  if (typeof cell !== "number") return { value: cellText(cell) };
  const date = XLSX.SSF.parse_date_code(cell);
  if (!date) return FORMAT_NOT_MATCH;
  const pad = (value: number) => String(value).padStart(2, "0");
  return { value: `${date.y}-${pad(date.m)}-${pad(date.d)}` };
}

function cellInput(spec: ColumnSpec, cell: Cell): CellInput {
  switch (spec.kind) {
    case "date":
      return dateInput(cell);
    case "level":
      return levelInput(cell);
    case "district":
      return districtInput(cell);
    case "count":
      return countInput(cell);
    case "flag":
      return flagInput(cell);
    default:
      return { value: String(cell) };
  }
}

/** E-mails (any case, as the store keeps them) and phones must be unique within the sheet. */
const UNIQUE_COLUMNS = [
  { column: "email", message: "email-repeated", key: (text: string) => text.toLowerCase() },
  { column: "phone", message: "phone-repeated", key: (text: string) => text },
] as const;

/**
 * Reads an uploaded .xlsx (headers in either language, in any order) into member rows, only when every
 * row passes. `locale` (the page's) names a missing column when the headers do not tell the sheet's language.
 */
export function parseMemberSheet(bytes: Uint8Array, { locale }: { locale: Locale }): ParseResult<MemberRow> {
  return sheet.parse(bytes, {
    locale,
    cellInput,
    isExample: (text) => EXAMPLE_CODES.has(text("member_code").toLowerCase()),
    unique: UNIQUE_COLUMNS,
  });
}

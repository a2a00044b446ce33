import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import type { PayloadInput } from "../../contract/actions";
import type { MemberRecord } from "../../modules/member/contract";
import {
  memberTemplate,
  membersToCsv,
  membersToXlsx,
  parseMemberSheet,
} from "../../app/routes/_store+/member+/member-list+/__member-sheet.server";
import { resources } from "../../app/locales.generated.server";
import { createMember } from "../../tests/helpers/factories";
import { clientOver, db, expectFailure, logOf, merchant, TRANSPORT_NAMES } from "../../tests/integration/wire";

const unique = () => crypto.randomUUID().slice(0, 8);
const newPhone = () => `5${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;
type Row = PayloadInput<"add_member_data_in_batch">["rows"][number];
const row = (overrides: Partial<Row> = {}): Row => ({
  name: `匯入 ${unique()}`,
  email: `import-${unique()}@example.com`,
  phone: newPhone(),
  ...overrides,
});

async function membersOf(client: ReturnType<typeof clientOver>, applicationKey: string) {
  const { data } = await client.get_member_data_and_total_number_by_sorting_and_limit({
    application_key: applicationKey,
    sorting: "create_date",
    direction: "ASC",
    limit: 100,
    page: 1,
  });
  return data;
}

describe.each(TRANSPORT_NAMES)("add_member_data_in_batch over the %s transport", (transport) => {
  it("adds new members with the next codes and the welcome cash dollar, updates one matched by e-mail, logging each", async () => {
    const { store, client, key } = await merchant(transport, {
      hasCashDollar: true,
      cashDollarEnabled: true,
      welcomeCashDollarCents: 1_500,
    });
    const existing = await createMember(db(), store.applicationKey, {
      registrationDate: "2020-03-04",
      cashDollarCents: 0,
    });
    const first = row({ birthday_month: 2, marketing_consent: true, delivery_district: "nt" });
    const second = row({ phone: null, note: "少甜\n走冰" });
    const { data } = await client.add_member_data_in_batch({
      ...key,
      rows: [first, { name: "更新了", email: existing.email.toUpperCase(), phone: existing.phone }, second],
    });
    expect(data).toEqual({ added: 2, updated: 1 });

    const members = await membersOf(client, store.applicationKey);
    expect(members).toMatchObject([
      // Updated over itself: a blank registration date keeps the member's, the version moves on, no welcome again.
      { id: existing.id, name: "更新了", registration_date: "2020-03-04", version: 2, cash_dollar_cents: 0 },
      { ...first, member_code: "M00002", version: 1, cash_dollar_cents: 1_500 },
      { ...second, member_code: "M00003", cash_dollar_cents: 1_500 },
    ]);
    const { data: ledger } = await client.get_cash_dollar_record_data_and_total_number_by_sorting_and_limit({
      ...key,
      member_id: members[2].id,
    });
    expect(ledger.records).toMatchObject([
      { action: "welcome_cash_dollar", amount_cents: 1_500, balance_after_cents: 1_500 },
    ]);

    const log = await logOf(store.applicationKey);
    expect(log.map((entry) => [entry.action, entry.data_type, entry.record_name_zh_hk])).toEqual([
      ["add", "member_data", first.name],
      ["edit", "member_data", "更新了"],
      ["add", "member_data", second.name],
    ]);
  });

  it("names each refused row and field, and writes nothing when any row is refused", async () => {
    const { store, client, key } = await merchant(transport);
    const taken = await createMember(db(), store.applicationKey);
    const vipAlready = await createMember(db(), store.applicationKey, { level: "vip" });
    const before = await membersOf(client, store.applicationKey);
    const failure = await expectFailure(
      client.add_member_data_in_batch({
        ...key,
        rows: [
          row(),
          row({ phone: taken.phone }),
          row({ level: "vip" }),
          // A member already VIP keeps the level, and their own phone, through an update.
          { name: "VIP", email: vipAlready.email, phone: vipAlready.phone, level: "vip" },
        ],
      }),
      409,
      "invalid-payload",
    );
    expect(failure.fields).toEqual({ "rows.1.phone": ["phone-used"], "rows.2.level": ["plan-has-no-vip"] });
    expect(await membersOf(client, store.applicationKey)).toEqual(before);
    expect(await logOf(store.applicationKey)).toEqual([]);

    const withVip = await merchant(transport, { hasVip: true });
    await withVip.client.add_member_data_in_batch({ ...withVip.key, rows: [row({ level: "vip" })] });
    expect((await membersOf(withVip.client, withVip.store.applicationKey))[0].level).toBe("vip");
  });

  it("refuses the rules' bad fields by row", async () => {
    const { client, key } = await merchant(transport);
    const failure = await expectFailure(
      client.add_member_data_in_batch({ ...key, rows: [row(), row({ email: "nope", birthday_month: 13 })] }),
      400,
      "invalid-payload",
    );
    expect(failure.fields).toEqual({
      "rows.1.email": ["format-not-match"],
      "rows.1.birthday_month": ["number-range:1:12"],
    });
  });
});

// ---------------------------------------------------------------------------------------------
// The sheet, read and written inside workerd as the BFF does.

const EN = resources.en.member.sheet.headers;
const ZH = resources["zh-HK"].member.sheet.headers;
type Cell = string | number | null;

function xlsx(rows: Cell[][]): Uint8Array {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), "Sheet1");
  return new Uint8Array(XLSX.write(workbook, { type: "array", bookType: "xlsx" }));
}

function readSheet(bytes: Uint8Array) {
  const workbook = XLSX.read(bytes, { type: "array" });
  return XLSX.utils.sheet_to_json<Cell[]>(workbook.Sheets[workbook.SheetNames[0]], { header: 1, raw: true });
}

const member = (overrides: Partial<MemberRecord> = {}): MemberRecord => ({
  id: 1,
  member_code: "M00001",
  name: "陳大文",
  email: "tai-man@example.com",
  phone: "91234567",
  registration_date: "2025-06-01",
  level: "vip",
  birthday_month: 6,
  marketing_consent: true,
  disabled: false,
  note: "=1+1",
  delivery_address: "旺角彌敦道 1 號",
  delivery_district: "kln",
  cash_dollar_cents: 12_345,
  create_date: "2025-06-01T00:00:00.000Z",
  version: 1,
  ...overrides,
});

describe("member spreadsheets", () => {
  it.each([
    ["en", EN, "VIP", "Kowloon"],
    ["zh-HK", ZH, "一般", "九龍"],
  ] as const)(
    "reads %s headers: levels and districts by their words, Y/N, a date cell, the ID and balance ignored",
    (_, headers, level, district) => {
      const bytes = xlsx([
        [
          headers.email,
          headers.name,
          headers.member_code,
          headers.level,
          headers.delivery_district,
          headers.marketing_consent,
          headers.registration_date,
          headers.cash_dollar,
          headers.phone,
        ],
        ["Ann@Example.com", "Ann", "M00099", level, district, "Y", 45_658, 99, 61234567],
      ]);
      expect(parseMemberSheet(bytes, { locale: "en" })).toMatchObject({
        ok: true,
        rowNumbers: [2],
        rows: [
          {
            name: "Ann",
            email: "ann@example.com",
            phone: "61234567",
            level: level === "VIP" ? "vip" : "general",
            delivery_district: "kln",
            marketing_consent: true,
            registration_date: "2025-01-01",
          },
        ],
      });
    },
  );

  it("names every problem by row and header: required, rules, words it does not know, repeats within the file", () => {
    const bytes = xlsx([
      [ZH.name, ZH.email, ZH.phone, ZH.level, ZH.birthday_month, ZH.delivery_district],
      ["甲", "a@example.com", "91234567", "", "", ""],
      ["", "A@example.com", "91234567", "gold", "13", "Mars"],
      ["丙", "not-mail", "123", "", "", ""],
    ]);
    expect(parseMemberSheet(bytes, { locale: "en" })).toEqual({
      ok: false,
      rowErrors: [
        { row: 3, column: ZH.name, letter: "A", message: "force-input" },
        { row: 3, column: ZH.email, letter: "B", message: "email-repeated" },
        { row: 3, column: ZH.phone, letter: "C", message: "phone-repeated" },
        { row: 3, column: ZH.level, letter: "D", message: "format-not-match" },
        { row: 3, column: ZH.birthday_month, letter: "E", message: "number-range:1:12" },
        { row: 3, column: ZH.delivery_district, letter: "F", message: "format-not-match" },
        { row: 4, column: ZH.email, letter: "B", message: "format-not-match" },
        { row: 4, column: ZH.phone, letter: "C", message: "phone-invalid" },
      ],
    });
    expect(parseMemberSheet(xlsx([[EN.name, EN.phone]]), { locale: "zh-HK" })).toEqual({
      ok: false,
      rowErrors: [{ row: 1, column: EN.email, message: "column-missing" }],
    });
  });

  it("imports nothing from an untouched template, in either language", () => {
    for (const locale of ["en", "zh-HK"] as const) {
      expect(parseMemberSheet(memberTemplate(locale), { locale })).toEqual({
        ok: false,
        error: "no-data-need-to-update",
      });
    }
  });

  it("exports every column in the page's language, and reads an export back", () => {
    const [headers, values] = readSheet(membersToXlsx([member()], "en"));
    expect(headers).toEqual(Object.values(EN));
    expect(values).toEqual([
      "M00001",
      "陳大文",
      "tai-man@example.com",
      "91234567",
      "2025-06-01",
      "VIP",
      6,
      "Y",
      "N",
      123.45,
      "=1+1",
      "旺角彌敦道 1 號",
      "Kowloon",
    ]);
    expect(parseMemberSheet(membersToXlsx([member()], "zh-HK"), { locale: "en" })).toMatchObject({
      ok: true,
      rows: [{ email: "tai-man@example.com", level: "vip", delivery_district: "kln", note: "=1+1" }],
    });
    const csv = membersToCsv([member({ delivery_district: null, phone: null })], "zh-HK");
    expect(csv.split("\r\n")[0]).toBe(`\uFEFF${Object.values(ZH).join(",")}`);
    // Money with two decimals; a formula-like note is quoted so Excel does not run it.
    expect(csv.split("\r\n")[1]).toBe(
      "M00001,陳大文,tai-man@example.com,,2025-06-01,VIP,6,Y,N,123.45,'=1+1,旺角彌敦道 1 號,",
    );
  });
});

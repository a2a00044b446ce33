import * as XLSX from "@e965/xlsx";
import i18next from "i18next";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { entriesForExport } from "../../app/routes/_store+/staff-log+/__staff-log-entries.server";
import { staffLogQuery } from "../../app/routes/_store+/staff-log+/__staff-log-query.server";
import { staffLogCsv, staffLogXlsx } from "../../app/routes/_store+/staff-log+/__staff-log-sheet.server";
import { i18nConfig, type AppTFunction } from "../../app/i18n";
import { namespaces, resources } from "../../app/locales.generated.server";
import { logs } from "../../backend/db/schema";
import { PRUNE_CHUNK, pruneOldLog } from "../../backend/log-pruning";
import { createProviderStaff, createStoreStaff } from "../../tests/helpers/factories";
import {
  clientOver,
  db,
  expectFailure,
  merchant,
  signIn,
  TRANSPORT_NAMES,
  type TransportName,
} from "../../tests/integration/wire";

const category = (application_key: string, name_en: string) => ({
  application_key,
  name_zh_hk: "茶",
  name_en,
  image_url: null,
  sort_order: 1,
  publish: true,
});

/** A store with a category added by the store account and renamed by an admin, and a member added by provider staff. */
async function storeWithHistory(transport: TransportName) {
  const owner = await merchant(transport);
  const { key } = owner;
  const admin = await createStoreStaff(db(), key.application_key, { role: "admin" });
  const adminClient = clientOver(transport, await signIn(transport, admin.email, admin.password));
  const provider = await createProviderStaff(db());
  const providerClient = clientOver(transport, await signIn(transport, provider.email, provider.password));

  const { data: added } = await owner.client.add_category_data(category(key.application_key, "Tea"));
  await adminClient.update_category_data_by_application_key_and_id({
    ...category(key.application_key, "Green tea"),
    id: added.id,
    version: 1,
  });
  await providerClient.add_member_data({
    application_key: key.application_key,
    name: "陳大文",
    email: `member-${crypto.randomUUID().slice(0, 8)}@example.test`,
    phone: "91234567",
  });
  return { ...owner, admin, adminClient, provider, categoryId: added.id };
}

const summary = (entries: { actor_type: string; action: string; data_type: string }[]) =>
  entries.map(({ actor_type, action, data_type }) => `${actor_type} ${action} ${data_type}`);

describe.each(TRANSPORT_NAMES)("the staff log over the %s transport", (transport) => {
  it("lists the store's own writes newest first, with who, the record and each change before and after", async () => {
    const { client, key, store, admin, categoryId } = await storeWithHistory(transport);
    const other = await merchant(transport);
    await other.client.add_category_data(category(other.key.application_key, "Elsewhere"));

    const { data, extra } = await client.get_staff_log_data_and_total_number_by_sorting_and_limit(key);
    expect(extra.total_number).toBe(3);
    expect(summary(data)).toEqual([
      "console add member_data",
      "store_staff edit category_data",
      "store add category_data",
    ]);
    expect(data[1]).toMatchObject({
      actor_email: admin.email,
      record_id: String(categoryId),
      record_name_en: "Green tea",
      changes: { name_en: ["Tea", "Green tea"] },
    });
    expect(data[2].actor_email).toBe(store.email);
  });

  it("filters by who, module and action", async () => {
    const { client, key, admin, provider } = await storeWithHistory(transport);
    const list = async (filters: Record<string, string>) =>
      summary((await client.get_staff_log_data_and_total_number_by_sorting_and_limit({ ...key, ...filters })).data);

    expect(await list({ actor_email: admin.email.toUpperCase() })).toEqual(["store_staff edit category_data"]);
    expect(await list({ actor_type: "console" })).toEqual(["console add member_data"]);
    expect(await list({ actor_email: provider.email, actor_type: "store" })).toEqual([]);
    expect(await list({ module: "category" })).toEqual(["store_staff edit category_data", "store add category_data"]);
    expect(await list({ module: "member", action: "add" })).toEqual(["console add member_data"]);
    expect(await list({ module: "category", action: "delete" })).toEqual([]);
  });

  it("reads a date range as whole Hong Kong days", async () => {
    const { client, key } = await merchant(transport);
    const entry = (createdAt: string, recordId: string) => ({
      applicationKey: key.application_key,
      actorType: "store" as const,
      actorId: 1,
      actorEmail: "owner@example.test",
      action: "edit" as const,
      dataType: "category_data" as const,
      module: "category" as const,
      recordId,
      changes: {},
      createdAt,
    });
    await db()
      .insert(logs)
      .values([
        entry("2026-02-28T15:59:59.999Z", "before"), // 23:59 on 28 Feb in Hong Kong
        entry("2026-02-28T16:00:00.000Z", "first"), // 00:00 on 1 Mar
        entry("2026-03-01T15:59:59.999Z", "last"), // 23:59 on 1 Mar
        entry("2026-03-01T16:00:00.000Z", "after"), // 00:00 on 2 Mar
      ]);
    const { data } = await client.get_staff_log_data_and_total_number_by_sorting_and_limit({
      ...key,
      date_from: "2026-03-01",
      date_to: "2026-03-01",
      direction: "ASC",
    });
    expect(data.map((row) => row.record_id)).toEqual(["first", "last"]);
  });

  it("offers the store account and its staff as the people to filter by", async () => {
    const { client, key, store, admin } = await storeWithHistory(transport);
    const { data } = await client.get_staff_log_actor_data_list_by_application_key(key);
    expect(data).toEqual([
      { account_type: "store", email: store.email, name: store.storeName },
      { account_type: "store_staff", email: admin.email, name: "Factory admin" },
    ]);
  });

  it("is refused to sales staff, who have no staff log permission by default", async () => {
    const { key } = await merchant(transport);
    const sales = await createStoreStaff(db(), key.application_key, { role: "sales" });
    const client = clientOver(transport, await signIn(transport, sales.email, sales.password));
    await expectFailure(client.get_staff_log_data_and_total_number_by_sorting_and_limit(key), 403, "forbidden");
    await expectFailure(client.get_staff_log_actor_data_list_by_application_key(key), 403, "forbidden");
  });
});

async function translator(locale: "en" | "zh-HK") {
  const instance = i18next.createInstance();
  await instance.init({ ...i18nConfig, supportedLngs: [...i18nConfig.supportedLngs], ns: [...namespaces], resources });
  return instance.getFixedT(locale) as AppTFunction;
}

describe("the staff log's export", () => {
  it("writes the filtered entries in words, one row each, as CSV and .xlsx", async () => {
    const { client, key, admin } = await storeWithHistory("embedded");
    const t = await translator("en");
    const url = new URL(`http://app.test/staff-log/export.csv?module=category&who=${admin.email}`);
    const entries = await entriesForExport(client, key.application_key, staffLogQuery(url), { t, locale: "en" });

    const csv = staffLogCsv(entries, t, "en");
    const [header, ...rows] = csv
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(header).toBe("Time (HKT),Who,Action,Module,Record,Record ID,Changes (before → after)");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(`Factory admin (${admin.email}),Edit,Categories,"Category ""Green tea""",`);
    expect(rows[0]).toContain("Name (English): Tea → Green tea");

    const workbook = XLSX.read(staffLogXlsx(entries, t, "en"), { type: "array" });
    const sheet = XLSX.utils.sheet_to_json<string[]>(workbook.Sheets[workbook.SheetNames[0]], { header: 1 });
    expect(sheet).toHaveLength(2);
    expect(sheet[1].slice(1, 5)).toEqual([
      `Factory admin (${admin.email})`,
      "Edit",
      "Categories",
      'Category "Green tea"',
    ]);
  });
});

describe("pruning the log", () => {
  it("deletes entries older than 400 days, in chunks, and keeps the rest", async () => {
    const { key } = await merchant("embedded");
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
    const entry = (createdAt: string) => ({
      applicationKey: key.application_key,
      actorType: "store" as const,
      actorId: 1,
      actorEmail: "owner@example.test",
      action: "add" as const,
      dataType: "member_data" as const,
      module: "member" as const,
      recordId: "1",
      changes: {},
      createdAt,
    });
    const rows = [
      ...Array.from({ length: PRUNE_CHUNK + 5 }, () => entry(daysAgo(401))),
      entry(daysAgo(399)),
      entry(daysAgo(1)),
    ];
    // D1 binds at most 100 values a statement: ten columns, ten rows an insert.
    const inserts = [];
    for (let start = 0; start < rows.length; start += 10)
      inserts.push(
        db()
          .insert(logs)
          .values(rows.slice(start, start + 10)),
      );
    await db().batch(inserts as [(typeof inserts)[number], ...typeof inserts]);

    expect(await pruneOldLog(db(), now)).toBeGreaterThanOrEqual(PRUNE_CHUNK + 5);
    const left = await db()
      .select({ createdAt: logs.createdAt })
      .from(logs)
      .where(eq(logs.applicationKey, key.application_key));
    expect(left.map((row) => row.createdAt).sort()).toEqual([daysAgo(399), daysAgo(1)]);
  });
});

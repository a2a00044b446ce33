import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hongKongDate } from "../../contract/dates";
import type { PayloadInput } from "../../contract/actions";
import { giftCardEntries, giftCards } from "../../backend/db/schema";
import { createGiftCard, createStore, createStoreStaff, waitForEmailTo } from "../../tests/helpers/factories";
import { clientOver, db, expectFailure, logOf, merchant, signIn, TRANSPORT_NAMES } from "../../tests/integration/wire";
import { GIFT_CARD_CODE_ALPHABET } from "./options";

/** A Hong Kong day `days` from today. */
const day = (days: number) => hongKongDate(new Date(Date.now() + days * 86_400_000));

const list = { sorting: "create_date", direction: "ASC", limit: 50, page: 1 } as const;
const MASK = "•••• •••• •••• ";

const newCard = (overrides: Partial<Omit<PayloadInput<"add_gift_card_data">, "application_key">> = {}) => ({
  amount_cents: 50_000,
  reason: "Birthday gift",
  expiry_date: day(30),
  recipient_name: "Chan Tai Man",
  recipient_email: `chan-${crypto.randomUUID().slice(0, 8)}@example.com`,
  recipient_language: "en" as const,
  ...overrides,
});

/** The card's ledger, oldest first, straight from the table. */
const ledgerOf = (id: number) =>
  db().select().from(giftCardEntries).where(eq(giftCardEntries.giftCardId, id)).orderBy(giftCardEntries.id);

const rowOf = async (id: number) => (await db().select().from(giftCards).where(eq(giftCards.id, id)))[0];

describe.each(TRANSPORT_NAMES)("gift card actions over the %s transport", (transport) => {
  it("issues a card answering its code once, masks it everywhere else, and logs it masked", async () => {
    const { store, client, key } = await merchant(transport);
    const input = newCard();
    const { data: issued } = await client.add_gift_card_data({ ...key, ...input });
    expect(issued.code).toMatch(new RegExp(`^[${GIFT_CARD_CODE_ALPHABET}]{16}$`));
    const masked = `${MASK}${issued.code.slice(-4)}`;

    const { data: card } = await client.get_gift_card_data_by_application_key_and_id({ ...key, id: issued.id });
    expect(card).toMatchObject({
      masked_code: masked,
      initial_cents: 50_000,
      balance_cents: 50_000,
      expiry_date: input.expiry_date,
      status: "active",
      recipient_email: input.recipient_email,
      version: 1,
    });
    expect(card.entries).toMatchObject([{ kind: "issue", amount_cents: 50_000, balance_after_cents: 50_000 }]);
    expect(JSON.stringify(card)).not.toContain(issued.code);

    const { data: rows } = await client.get_gift_card_data_and_total_number_by_sorting_and_limit({ ...key, ...list });
    expect(rows.map((row) => row.masked_code)).toEqual([masked]);
    expect(JSON.stringify(rows)).not.toContain(issued.code);

    const { data: printed } = await client.get_gift_card_print_data_by_application_key_and_id({
      ...key,
      id: issued.id,
    });
    expect(printed).toMatchObject({ code: issued.code, balance_cents: 50_000, store: { name: store.storeName } });

    const log = await logOf(store.applicationKey);
    expect(log.map((entry) => [entry.action, entry.data_type, entry.record_id, entry.record_name_en])).toEqual([
      ["add", "gift_card_data", String(issued.id), masked],
    ]);
    expect(log[0].changes).toMatchObject({ initial_cents: [null, 50_000], reason: [null, input.reason] });
    expect(JSON.stringify(log)).not.toContain(issued.code);
  });

  it("refuses an amount outside HK$1 to 10,000, a blank reason and an expiry before today in Hong Kong", async () => {
    const { store, client, key } = await merchant(transport);
    const bad = await expectFailure(
      client.add_gift_card_data({ ...key, ...newCard({ amount_cents: 99, reason: " ", recipient_email: "nope" }) }),
      400,
      "invalid-payload",
    );
    expect(bad.fields).toEqual({
      amount_cents: ["number-at-least:1"],
      reason: ["force-input"],
      recipient_email: ["format-not-match"],
    });
    const over = await expectFailure(
      client.add_gift_card_data({ ...key, ...newCard({ amount_cents: 1_000_001 }) }),
      400,
      "invalid-payload",
    );
    expect(over.fields).toEqual({ amount_cents: ["number-at-most:10000"] });
    const past = await expectFailure(
      client.add_gift_card_data({ ...key, ...newCard({ expiry_date: day(-1) }) }),
      400,
      "invalid-payload",
    );
    expect(past.fields).toEqual({ expiry_date: ["expiry-in-past"] });
    await client.add_gift_card_data({ ...key, ...newCard({ expiry_date: day(0), amount_cents: 100 }) });
    expect((await logOf(store.applicationKey)).length).toBe(1);
  });

  it("adjusts the balance both ways, refusing a debit beyond it beside the amount naming the balance", async () => {
    const { store, client, key } = await merchant(transport);
    const card = await createGiftCard(db(), store.applicationKey, { initialCents: 10_000 });
    const adjust = (amount_cents: number) =>
      client.add_gift_card_entry_data({ ...key, gift_card_id: card.id, amount_cents, reason: "Counter" });
    expect((await adjust(-2_500)).data.balance_after_cents).toBe(7_500);
    expect((await adjust(500)).data.balance_after_cents).toBe(8_000);
    const short = await expectFailure(adjust(-8_001), 400, "invalid-payload");
    expect(short.fields).toEqual({ amount_cents: ["gift-card-balance-short:HK$80.00"] });
    const zero = await expectFailure(adjust(0), 400, "invalid-payload");
    expect(zero.fields).toEqual({ amount_cents: ["force-input"] });
    expect((await adjust(-8_000)).data.balance_after_cents).toBe(0);
    const { data } = await client.get_gift_card_data_by_application_key_and_id({ ...key, id: card.id });
    expect(data.status).toBe("used_up");
    expect(data.entries.map((entry) => [entry.kind, entry.amount_cents, entry.balance_after_cents])).toEqual([
      ["issue", 10_000, 10_000],
      ["adjust", -2_500, 7_500],
      ["adjust", 500, 8_000],
      ["adjust", -8_000, 0],
    ]);
    const log = await logOf(store.applicationKey);
    expect(log[0].changes).toEqual({ balance_cents: [10_000, 7_500], reason: [null, "Counter"] });
  });

  it("disables a card over its version: a stale version is 409, a disabled card cannot be adjusted or reissued", async () => {
    const { store, client, key } = await merchant(transport);
    const card = await createGiftCard(db(), store.applicationKey);
    const id = { ...key, id: card.id };
    await expectFailure(
      client.update_gift_card_disabled_data_by_application_key_and_id({ ...id, reason: "Sold by mistake", version: 2 }),
      409,
      "edited-elsewhere",
    );
    await client.update_gift_card_disabled_data_by_application_key_and_id({
      ...id,
      reason: "Sold by mistake",
      version: 1,
    });
    const { data } = await client.get_gift_card_data_by_application_key_and_id(id);
    expect(data).toMatchObject({ status: "disabled", disabled_reason: "Sold by mistake", version: 2 });
    await expectFailure(
      client.update_gift_card_disabled_data_by_application_key_and_id({ ...id, reason: "Again", version: 2 }),
      409,
      "gift-card-disabled",
    );
    await expectFailure(
      client.add_gift_card_entry_data({ ...key, gift_card_id: card.id, amount_cents: 100, reason: "x" }),
      409,
      "gift-card-disabled",
    );
    await expectFailure(
      client.add_gift_card_reissue_data({ ...key, gift_card_id: card.id, reason: "Lost", version: 2 }),
      409,
      "gift-card-disabled",
    );
    await expectFailure(client.add_gift_card_email_data({ ...key, gift_card_id: card.id }), 409, "gift-card-disabled");
  });

  it("edits a card's expiry, recipient and note over its version, never its code or balance, logging what changed", async () => {
    const { store, client, key } = await merchant(transport);
    const card = await createGiftCard(db(), store.applicationKey, {
      initialCents: 20_000,
      balanceCents: 5_000,
      recipientEmail: "",
      expiryDate: day(10),
    });
    const email = `lee-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const details = {
      ...key,
      id: card.id,
      expiry_date: null,
      recipient_name: "Lee Siu Ming",
      recipient_email: email,
      recipient_language: "en" as const,
      note: "Resend",
    };
    await client.update_gift_card_data_by_application_key_and_id({ ...details, version: 1 });
    const { data } = await client.get_gift_card_data_by_application_key_and_id({ ...key, id: card.id });
    expect(data).toMatchObject({
      expiry_date: null,
      recipient_name: "Lee Siu Ming",
      recipient_email: email,
      recipient_language: "en",
      note: "Resend",
      balance_cents: 5_000,
      initial_cents: 20_000,
      status: "active",
      version: 2,
    });
    const row = await rowOf(card.id);
    expect(row.code).toBe(card.code);
    expect(data.entries).toHaveLength(2);
    const [entry] = await logOf(store.applicationKey);
    expect([entry.action, entry.record_name_en]).toEqual(["edit", `${MASK}${card.code.slice(-4)}`]);
    expect(entry.changes).toEqual({
      expiry_date: [day(10), null],
      recipient_name: ["Chan Tai Man", "Lee Siu Ming"],
      recipient_email: ["", email],
      recipient_language: ["zh-HK", "en"],
      note: [null, "Resend"],
    });
    // The address now set, the code can be e-mailed.
    await client.add_gift_card_email_data({ ...key, gift_card_id: card.id });
    await waitForEmailTo(db(), email);

    await expectFailure(
      client.update_gift_card_data_by_application_key_and_id({ ...details, note: "Stale", version: 1 }),
      409,
      "edited-elsewhere",
    );
    expect((await rowOf(card.id)).note).toBe("Resend");
  });

  it("refuses an edit's expiry before today in Hong Kong and a bad e-mail beside their fields, keeping an expired card's own", async () => {
    const { store, client, key } = await merchant(transport);
    const card = await createGiftCard(db(), store.applicationKey, { expiryDate: day(5) });
    const details = {
      ...key,
      id: card.id,
      recipient_name: "Chan Tai Man",
      recipient_language: "en" as const,
      note: null,
      version: 1,
    };
    const bad = await expectFailure(
      client.update_gift_card_data_by_application_key_and_id({
        ...details,
        expiry_date: day(-1),
        recipient_email: "nope",
      }),
      400,
      "invalid-payload",
    );
    expect(bad.fields).toEqual({ recipient_email: ["format-not-match"] });
    const past = await expectFailure(
      client.update_gift_card_data_by_application_key_and_id({ ...details, expiry_date: day(-1) }),
      400,
      "invalid-payload",
    );
    expect(past.fields).toEqual({ expiry_date: ["expiry-in-past"] });
    expect((await rowOf(card.id)).expiryDate).toBe(day(5));

    const expired = await createGiftCard(db(), store.applicationKey, { expiryDate: day(-3) });
    await client.update_gift_card_data_by_application_key_and_id({
      ...details,
      id: expired.id,
      expiry_date: day(-3),
      recipient_email: "new@example.com",
    });
    expect(await rowOf(expired.id)).toMatchObject({ expiryDate: day(-3), recipientEmail: "new@example.com" });
  });

  it("refuses to edit a disabled card", async () => {
    const { store, client, key } = await merchant(transport);
    const card = await createGiftCard(db(), store.applicationKey, {
      disabledAt: new Date().toISOString(),
      disabledReason: "Lost",
    });
    await expectFailure(
      client.update_gift_card_data_by_application_key_and_id({
        ...key,
        id: card.id,
        expiry_date: null,
        recipient_name: "Someone else",
        recipient_language: "en",
        note: null,
        version: 1,
      }),
      409,
      "gift-card-disabled",
    );
    expect((await rowOf(card.id)).recipientName).toBe("Chan Tai Man");
    expect(await logOf(store.applicationKey)).toEqual([]);
  });

  it("reissues a lost card: the old one disabled at 0, a new code with its balance, ledger entries on both, linked", async () => {
    const { store, client, key } = await merchant(transport);
    const lost = await createGiftCard(db(), store.applicationKey, { initialCents: 30_000, balanceCents: 12_000 });
    await expectFailure(
      client.add_gift_card_reissue_data({ ...key, gift_card_id: lost.id, reason: "Lost", version: 2 }),
      409,
      "edited-elsewhere",
    );
    const { data: reissued } = await client.add_gift_card_reissue_data({
      ...key,
      gift_card_id: lost.id,
      reason: "Lost",
      version: 1,
    });
    expect(reissued.code).not.toBe(lost.code);
    const { data: old } = await client.get_gift_card_data_by_application_key_and_id({ ...key, id: lost.id });
    const { data: fresh } = await client.get_gift_card_data_by_application_key_and_id({ ...key, id: reissued.id });
    expect(old).toMatchObject({ status: "disabled", balance_cents: 0, replaced_by_id: reissued.id });
    expect(fresh).toMatchObject({
      status: "active",
      initial_cents: 12_000,
      balance_cents: 12_000,
      replaces_id: lost.id,
      recipient_email: lost.recipientEmail,
    });
    expect(old.entries.at(-1)).toMatchObject({ kind: "reissue_out", amount_cents: -12_000, balance_after_cents: 0 });
    expect(fresh.entries).toMatchObject([{ kind: "reissue_in", amount_cents: 12_000, balance_after_cents: 12_000 }]);
    const log = await logOf(store.applicationKey);
    expect(log.map((entry) => [entry.action, entry.record_name_en])).toEqual([
      ["edit", `${MASK}${lost.code.slice(-4)}`],
      ["add", `${MASK}${reissued.code.slice(-4)}`],
    ]);
    expect(JSON.stringify(log)).not.toContain(reissued.code);

    const used = await createGiftCard(db(), store.applicationKey, { balanceCents: 0 });
    await expectFailure(
      client.add_gift_card_reissue_data({ ...key, gift_card_id: used.id, reason: "Lost", version: 1 }),
      409,
      "gift-card-used-up",
    );
  });

  it("e-mails the code in full to the recipient in their language, and refuses a card without an address", async () => {
    const { store, client, key } = await merchant(transport);
    const card = await createGiftCard(db(), store.applicationKey, {
      recipientEmail: `wong-${crypto.randomUUID().slice(0, 8)}@example.com`,
      recipientName: "黃小姐",
      recipientLanguage: "zh-HK",
      expiryDate: "2030-01-31",
    });
    await client.add_gift_card_email_data({ ...key, gift_card_id: card.id });
    const message = await waitForEmailTo(db(), card.recipientEmail);
    expect(message.subject).toBe(`${store.storeName}：你的禮品卡`);
    expect(message.body).toContain(card.code.replace(/(.{4})(?=.)/g, "$1 "));
    expect(message.body).toContain("黃小姐");
    expect(message.body).toContain("2030-01-31");
    const nameless = await createGiftCard(db(), store.applicationKey, { recipientEmail: "" });
    await expectFailure(
      client.add_gift_card_email_data({ ...key, gift_card_id: nameless.id }),
      409,
      "gift-card-no-email",
    );
  });

  it("lists by status from the Hong Kong day, by keyword (the code's last four, name, e-mail), sorted", async () => {
    const { store, client, key } = await merchant(transport);
    const make = (overrides: Parameters<typeof createGiftCard>[2]) =>
      createGiftCard(db(), store.applicationKey, overrides);
    const active = await make({ initialCents: 20_000, expiryDate: day(0), recipientName: "Peter Ho" });
    const usedUp = await make({ initialCents: 10_000, balanceCents: 0, recipientEmail: "amy@shop.example" });
    const expired = await make({ initialCents: 30_000, expiryDate: day(-1) });
    const disabled = await make({ disabledAt: new Date().toISOString(), disabledReason: "Lost" });
    const ids = async (
      overrides: Partial<PayloadInput<"get_gift_card_data_and_total_number_by_sorting_and_limit">>,
    ) => {
      const { data, extra } = await client.get_gift_card_data_and_total_number_by_sorting_and_limit({
        ...key,
        ...list,
        ...overrides,
      });
      expect(extra.total_number).toBe(data.length);
      return data.map((row) => row.id);
    };
    expect(await ids({ status: "active" })).toEqual([active.id]);
    expect(await ids({ status: "used_up" })).toEqual([usedUp.id]);
    expect(await ids({ status: "expired" })).toEqual([expired.id]);
    expect(await ids({ status: "disabled" })).toEqual([disabled.id]);
    expect(await ids({ keyword: active.code.slice(-4).toLowerCase() })).toEqual([active.id]);
    expect(await ids({ keyword: "peter" })).toEqual([active.id]);
    expect(await ids({ keyword: "amy@shop" })).toEqual([usedUp.id]);
    expect(await ids({ sorting: "balance", direction: "DESC" })).toEqual([
      disabled.id,
      expired.id,
      active.id,
      usedUp.id,
    ]);
    expect(await ids({ sorting: "expiry_date", direction: "ASC", status: "active" })).toEqual([active.id]);
  });

  it("does not show or change another store's cards, and sales staff only read them", async () => {
    const { store, client, key } = await merchant(transport);
    const other = await createStore(db());
    const theirs = await createGiftCard(db(), other.applicationKey);
    await expectFailure(
      client.get_gift_card_data_by_application_key_and_id({ ...key, id: theirs.id }),
      404,
      "not-found",
    );
    await expectFailure(
      client.add_gift_card_entry_data({ ...key, gift_card_id: theirs.id, amount_cents: -100, reason: "x" }),
      404,
      "not-found",
    );
    expect((await rowOf(theirs.id)).balanceCents).toBe(50_000);

    const ours = await createGiftCard(db(), store.applicationKey);
    const sales = await createStoreStaff(db(), store.applicationKey, { role: "sales" });
    const salesClient = clientOver(transport, await signIn(transport, sales.email, sales.password));
    await salesClient.get_gift_card_data_by_application_key_and_id({ ...key, id: ours.id });
    await expectFailure(salesClient.add_gift_card_data({ ...key, ...newCard() }), 403, "forbidden");
    await expectFailure(
      salesClient.get_gift_card_print_data_by_application_key_and_id({ ...key, id: ours.id }),
      403,
      "forbidden",
    );
  });
});

describe("gift card balance under concurrent debits", () => {
  it("20 debits at once never take a card below zero, and its ledger sums to its balance", async () => {
    const { store, client, key } = await merchant("embedded");
    const card = await createGiftCard(db(), store.applicationKey, { initialCents: 10_000 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        client.add_gift_card_entry_data({ ...key, gift_card_id: card.id, amount_cents: -700, reason: "Counter" }),
      ),
    );
    const succeeded = outcomes.filter((outcome) => outcome.status === "fulfilled").length;
    expect(succeeded).toBe(14);
    const row = await rowOf(card.id);
    expect(row.balanceCents).toBe(10_000 - 14 * 700);
    const ledger = await ledgerOf(card.id);
    expect(ledger.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(row.balanceCents);
    expect(ledger.every((entry) => entry.balanceAfterCents >= 0)).toBe(true);
    expect(ledger.at(-1)?.balanceAfterCents).toBe(row.balanceCents);
  });
});

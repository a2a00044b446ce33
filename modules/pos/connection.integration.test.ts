import { describe, expect, it } from "vitest";
import { ActionFailure } from "../../app/server/action-client.server";
import type { PayloadInput } from "../../contract/actions";
import { createStoreStaff } from "../../tests/helpers/factories";
import { clientOver, db, expectFailure, logOf, merchant, signIn, TRANSPORT_NAMES } from "../../tests/integration/wire";
import { OFFLINE_CLOCK_SKEW_MINUTES, OFFLINE_SALE_MAX_AGE_HOURS } from "./options";

type Period = PayloadInput<"add_pos_connection_log_data">;

const MINUTE = 60_000;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();

describe.each(TRANSPORT_NAMES)("a POS device's time offline over the %s transport", (transport) => {
  it("is one staff log entry: when it went offline, when it came back and the sales it made", async () => {
    const { store, client, key } = await merchant(transport);
    // The device's own clock with its offset; the log keeps the instants in UTC.
    const wentOffline = `${hongKongClock(90)}:00+08:00`;
    const backOnline = minutesAgo(10);
    await client.add_pos_connection_log_data({
      ...key,
      went_offline_at: wentOffline,
      back_online_at: backOnline,
      sales: 4,
    });
    const entries = (await logOf(store.applicationKey)).filter((row) => row.data_type === "pos_connection");
    expect(entries).toEqual([
      expect.objectContaining({
        action: "add",
        actor_email: store.email,
        record_name_en: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} – \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
        changes: {
          went_offline_at: [null, new Date(wentOffline).toISOString()],
          back_online_at: [null, backOnline],
          sales: [null, 4],
        },
      }),
    ]);
  });
});

/** The Hong Kong wall clock `minutes` ago, as "YYYY-MM-DDTHH:MM" (the device's local time). */
function hongKongClock(minutes: number) {
  return new Date(Date.now() - minutes * MINUTE + 8 * 60 * MINUTE).toISOString().slice(0, 16);
}

describe("a POS device's time offline", () => {
  const period = (application_key: string, overrides: Partial<Period> = {}): Period => ({
    application_key,
    went_offline_at: minutesAgo(30),
    back_online_at: minutesAgo(5),
    sales: 0,
    ...overrides,
  });
  const refusal = (call: Promise<unknown>) =>
    call.then(
      () => null,
      (error: ActionFailure) => ({ status: error.status, message: error.messageKey, fields: error.fields }),
    );

  it("is refused back before it went, ahead of the clock beyond the skew, too old, or with a negative count", async () => {
    const { store, client, key } = await merchant("embedded");
    const refused = (overrides: Partial<Period>) =>
      refusal(client.add_pos_connection_log_data(period(key.application_key, overrides)));
    expect(await refused({ went_offline_at: minutesAgo(5), back_online_at: minutesAgo(30) })).toMatchObject({
      status: 400,
      fields: { back_online_at: ["back-online-before-offline"] },
    });
    const ahead = `offline-time-in-future:${OFFLINE_CLOCK_SKEW_MINUTES}`;
    expect(await refused({ back_online_at: new Date(Date.now() + 10 * MINUTE).toISOString() })).toEqual({
      status: 400,
      message: ahead,
      fields: { back_online_at: [ahead] },
    });
    const old = `offline-time-too-old:${OFFLINE_SALE_MAX_AGE_HOURS}`;
    expect(await refused({ went_offline_at: minutesAgo((OFFLINE_SALE_MAX_AGE_HOURS + 1) * 60) })).toEqual({
      status: 400,
      message: old,
      fields: { went_offline_at: [old] },
    });
    expect(await refused({ sales: -1 })).toMatchObject({ status: 400, fields: { sales: [expect.any(String)] } });
    expect(await refused({ went_offline_at: "yesterday" })).toMatchObject({
      status: 400,
      fields: { went_offline_at: ["format-not-match"] },
    });
    expect((await logOf(store.applicationKey)).filter((row) => row.data_type === "pos_connection")).toEqual([]);

    // A device clock a little ahead: back online "now".
    const before = Date.now();
    await client.add_pos_connection_log_data(
      period(key.application_key, { back_online_at: new Date(before + 2 * MINUTE).toISOString() }),
    );
    const [entry] = (await logOf(store.applicationKey)).filter((row) => row.data_type === "pos_connection");
    const back = Date.parse(String(entry!.changes.back_online_at![1]));
    expect(back).toBeGreaterThanOrEqual(before);
    expect(back).toBeLessThan(before + 2 * MINUTE);
  });

  it("is logged by anyone who may sell at the POS, offline selling or not, and by nobody else", async () => {
    const { store, key } = await merchant("embedded");
    const seller = await createStoreStaff(db(), key.application_key, { role: "sales", sellsOffline: false });
    const viewer = await createStoreStaff(db(), key.application_key, { role: "sales", permissions: { pos: "read" } });
    const sellerClient = clientOver("embedded", await signIn("embedded", seller.email, seller.password));
    const viewerClient = clientOver("embedded", await signIn("embedded", viewer.email, viewer.password));
    await sellerClient.add_pos_connection_log_data(period(key.application_key, { sales: 0 }));
    await expectFailure(viewerClient.add_pos_connection_log_data(period(key.application_key)), 403, "forbidden");
    const entries = (await logOf(store.applicationKey)).filter((row) => row.data_type === "pos_connection");
    expect(entries.map((row) => row.actor_email)).toEqual([seller.email]);
  });
});

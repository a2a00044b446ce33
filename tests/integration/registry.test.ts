import { env } from "cloudflare:test";
import { eq, is } from "drizzle-orm";
import { SQLiteTable, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { ActionFailure, type ActionClient } from "../../app/server/action-client.server";
import { moduleAccess } from "../../backend";
import { registry } from "../../backend/actions";
import * as schema from "../../backend/db/schema";
import { examples } from "../../contract/actions";
import type { ExampleRecords } from "../../contract/examples";
import { MODULE_IDS, type ModuleId } from "../../contract/modules";
import { allows, roleDefaults } from "../../contract/permissions";
import { PERMISSION_LEVELS } from "../../modules/staff-account/contract";
import type { PermissionLevel, StaffRole } from "../../modules/store/contract";
import { UPLOAD_ACTION } from "../../modules/upload/contract";
import { createStoreStaff } from "../helpers/factories";
import { clientOver, db, signIn, storeWithRecords, TRANSPORT_NAMES, type TransportName } from "./wire";

type ExampleAction = keyof typeof examples;

const storeActions = [...registry.values()]
  .filter((definition) => definition.permission.startsWith("store"))
  .map((definition) => definition.name as ExampleAction);

/** Public actions keyed by a customer's signed link (a quotation's reply, a payment): the token is their only key. */
const tokenActions = [...registry.values()]
  .filter((definition) => definition.permission === "public" && definition.name in examples)
  .map((definition) => definition.name as ExampleAction)
  .filter((name) => "token" in (examples[name]({} as ExampleRecords) as object));

const salesDefaults = roleDefaults("sales");
/**
 * Console and store-account actions, store actions whose module permission the sales role's defaults lack, and
 * offline selling, which a sales account starts without.
 */
const deniedToSales = [...registry.values()]
  .filter((definition) => {
    if (definition.permission === "console" || definition.permission === "store:account") return true;
    // Only the upload action's module comes from its payload: the module its example names.
    const payload = definition.name === UPLOAD_ACTION ? examples[UPLOAD_ACTION]({} as ExampleRecords) : undefined;
    const access = moduleAccess(definition, payload);
    return Boolean(
      access && (!allows(salesDefaults[access.module], access.level) || access.adminRole || access.offline),
    );
  })
  .map((definition) => definition.name as ExampleAction);

/**
 * What a store staff account needs for an action: the module level its permission names, plus the admin
 * role for `:admin` and offline selling for `store:pos:offline`. A staff record is read by its own account or
 * with staff_account read, which its handler checks (the example names another account's record).
 */
function deniedTo(
  {
    role,
    permissions,
    sellsOffline,
  }: { role: StaffRole; permissions: Record<ModuleId, PermissionLevel>; sellsOffline: boolean },
  name: ExampleAction,
) {
  const definition = registry.get(name)!;
  if (definition.permission === "store:account") return true;
  if (name === "get_single_data_by_data_type_and_application_key_and_id") return permissions.staff_account === "none";
  const payload = name === UPLOAD_ACTION ? examples[UPLOAD_ACTION]({} as ExampleRecords) : undefined;
  const access = moduleAccess(definition, payload);
  if (!access) return false;
  return (
    !allows(permissions[access.module], access.level) ||
    (access.adminRole === true && role === "sales") ||
    (access.offline === true && !sellsOffline)
  );
}

/**
 * The random permission setting's choices come from a seed, so a failure can be replayed: `TEST_SEED=<seed>`
 * (vitest.integration.config.ts passes it in), else one drawn for the run, printed and named by a failure.
 */
const SEED = Number.parseInt(env.TEST_SEED, 10) || Math.floor(Math.random() * 2 ** 31) + 1;

/** mulberry32: a small generator of numbers in [0, 1) from a 32-bit seed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const pick = <T>(random: () => number, values: readonly T[]): T => values[Math.floor(random() * values.length)];

/** Every table a store owns rows in: those with an application_key column. */
const storeTables = Object.values(schema).filter(
  (value) => is(value, SQLiteTable) && "applicationKey" in value,
) as (SQLiteTable & { applicationKey: SQLiteColumn })[];

// Each test calls every action in a row: a guard against a hang, not a measure. Over the remote transport on two
// busy cores one took 50 s, and each new action adds to it.
const LONG = 180_000;

/** Everything the store owns: its rows in every store table and its uploaded files. */
async function snapshot(applicationKey: string) {
  const tables = await Promise.all(
    storeTables.map(async (table) => {
      const rows = await db().select().from(table).where(eq(table.applicationKey, applicationKey));
      return rows.map((row) => JSON.stringify(row)).sort();
    }),
  );
  const files = await env.UPLOADS.list({ prefix: `uploads/${applicationKey}/` });
  return { tables, files: files.objects.map((object) => object.key).sort() };
}

/** "ok", or the failure's status and message key. */
async function outcomeOf(client: ActionClient, name: ExampleAction, records: ExampleRecords) {
  const call = client[name] as (payload: unknown) => Promise<unknown>;
  return call(examples[name](records)).then(
    () => "ok",
    (error: unknown) => (error instanceof ActionFailure ? `${error.status} ${error.messageKey}` : String(error)),
  );
}

/**
 * Calls in flight at once. Each outcome is judged on its own (refused or not, found or not), never by what
 * an earlier call did, so the order they finish in does not matter; over HTTP one at a time took minutes.
 */
const CALLS_AT_ONCE = 8;

async function outcomesOf(client: ActionClient, names: ExampleAction[], records: ExampleRecords) {
  const outcomes: Record<string, string> = {};
  const waiting = [...names];
  const caller = async () => {
    while (waiting.length > 0) {
      const name = waiting.shift() as ExampleAction;
      outcomes[name] = await outcomeOf(client, name, records);
    }
  };
  await Promise.all(Array.from({ length: CALLS_AT_ONCE }, caller));
  return outcomes;
}

/**
 * Over HTTP the same handlers answer: what the remote transport can change is how an outcome travels, which
 * every fourth action of each permission shows (every module and level among them). Every action is judged
 * over the embedded transport.
 */
const REMOTE_SAMPLE = 4;

function carriedBy(transport: TransportName, names: ExampleAction[]): ExampleAction[] {
  if (transport === "embedded") return names;
  const seen = new Map<string, number>();
  return names.filter((name) => {
    const permission = registry.get(name)!.permission;
    const index = seen.get(permission) ?? 0;
    seen.set(permission, index + 1);
    return index % REMOTE_SAMPLE === 0;
  });
}

const expectAll = (names: string[], outcome: string) => Object.fromEntries(names.map((name) => [name, outcome]));

async function signedIn(transport: TransportName, email: string, password: string) {
  return clientOver(transport, await signIn(transport, email, password));
}

describe.each(TRANSPORT_NAMES)("every action of the registry over the %s transport", (transport) => {
  it("has an example payload for every store action", () => {
    expect(storeActions.filter((name) => typeof examples[name] !== "function")).toEqual([]);
  });

  it(
    "refuses every store action on another store's application_key, and changes nothing there",
    async () => {
      const [a, b] = await Promise.all([storeWithRecords(), storeWithRecords()]);
      const client = await signedIn(transport, a.email, a.password);
      const before = await snapshot(b.application_key);
      const names = carriedBy(transport, storeActions);

      expect(await outcomesOf(client, names, b)).toEqual(expectAll(names, "403 forbidden"));
      expect(await snapshot(b.application_key)).toEqual(before);
    },
    LONG,
  );

  it(
    "does not find another store's records through the caller's own application_key",
    async () => {
      const [a, b] = await Promise.all([storeWithRecords(), storeWithRecords()]);
      const client = await signedIn(transport, a.email, a.password);
      // The image is the caller's own: another store's file is refused before any record is looked for.
      const mixed = { ...b, application_key: a.application_key, uploaded_image_url: a.uploaded_image_url };
      const noIds = {
        ...mixed,
        category_id: 0,
        add_on_product_id: 0,
        product_code: "",
        store_staff_id: 0,
        plan_id: 0,
        purchased_plan_id: 0,
        internal_account_id: 0,
        plan_promotion_code_id: 0,
        member_id: 0,
        coupon_id: 0,
        order_id: 0,
        order_line_id: 0,
        pos_shift_id: 0,
        supplier_id: 0,
        supplier_product_code: "",
        closed_supplier_id: 0,
        purchase_order_id: 0,
        purchase_order_line_id: 0,
        draft_purchase_order_id: 0,
        enquiry_id: 0,
        closed_enquiry_id: 0,
        medi_enquiry_id: 0,
        closed_medi_enquiry_id: 0,
        push_notification_id: 0,
        scheduled_push_notification_id: 0,
        push_subscription_id: 0,
        home_banner_id: 0,
        menu_item_id: 0,
        coach_id: 0,
        course_type_id: 0,
        credit_package_id: 0,
        credit_order_id: 0,
        refundable_credit_order_id: 0,
        course_session_id: 0,
        member_credit_id: 0,
        course_booking_id: 0,
        course_waitlist_id: 0,
        cancellable_course_session_id: 0,
        monthly_fee_plan_id: 0,
        monthly_fee_record_id: 0,
        cancellable_monthly_fee_record_id: 0,
        appointment_record_id: 0,
        medi_appointment_record_id: 0,
        appointment_booking_service_id: 0,
        appointment_booking_id: 0,
        medi_appointment_booking_service_id: 0,
        medi_appointment_booking_id: 0,
        appointment_provider_id: 0,
        appointment_category_id: 0,
        appointment_service_id: 0,
        spare_appointment_provider_id: 0,
        spare_appointment_category_id: 0,
        spare_appointment_service_id: 0,
        medi_appointment_provider_id: 0,
        medi_appointment_category_id: 0,
        medi_appointment_service_id: 0,
        spare_medi_appointment_provider_id: 0,
        spare_medi_appointment_category_id: 0,
        spare_medi_appointment_service_id: 0,
        quotation_request_id: 0,
        closable_quotation_request_id: 0,
        quotation_id: 0,
        approved_quotation_id: 0,
        booking_product_id: 0,
        booking_product_code: "",
        product_booking_id: 0,
        renting_product_id: 0,
        renting_record_id: 0,
        cancellable_renting_record_id: 0,
        gift_card_id: 0,
        spare_gift_card_id: 0,
        editable_gift_card_id: 0,
      };
      const withIds = carriedBy(
        transport,
        storeActions.filter((name) => JSON.stringify(examples[name](mixed)) !== JSON.stringify(examples[name](noIds))),
      );
      expect(withIds.length).toBeGreaterThan(10);
      const before = await snapshot(b.application_key);

      expect(await outcomesOf(client, withIds, mixed)).toEqual(expectAll(withIds, "404 not-found"));
      expect(await snapshot(b.application_key)).toEqual(before);
    },
    LONG,
  );

  it(
    "answers a customer's link only for the store it was signed for: another store's key in it is 404, nothing changed",
    async () => {
      const [a, b] = await Promise.all([storeWithRecords(), storeWithRecords()]);
      expect(tokenActions).toEqual(expect.arrayContaining(["get_pay_data_by_token", "update_pay_proof_data_by_token"]));
      // b's links, naming store a instead: a has no such records, and the signature no longer holds.
      const retargeted = Object.fromEntries(
        Object.entries(b)
          .filter(([field]) => field.endsWith("_token"))
          .map(([field, token]) => [field, String(token).replace(b.application_key, a.application_key)]),
      );
      const before = await Promise.all([snapshot(a.application_key), snapshot(b.application_key)]);
      const outcomes = await outcomesOf(clientOver(transport), tokenActions, { ...b, ...retargeted });
      expect(Object.entries(outcomes).filter(([, outcome]) => !outcome.startsWith("404 "))).toEqual([]);
      expect(await Promise.all([snapshot(a.application_key), snapshot(b.application_key)])).toEqual(before);
    },
    LONG,
  );

  it(
    "refuses a sales store staff account every action its role's permissions lack",
    async () => {
      const store = await storeWithRecords();
      const sales = await createStoreStaff(db(), store.application_key, { role: "sales" });
      const client = await signedIn(transport, sales.email, sales.password);
      expect(deniedToSales).toEqual(
        expect.arrayContaining([
          "add_product_data",
          "add_plan_data",
          "get_purchased_plan_data_list_by_application_key",
          UPLOAD_ACTION,
          "add_order_refund_data",
          "add_pos_offline_order_data",
        ]),
      );
      const before = await snapshot(store.application_key);

      const denied = carriedBy(transport, deniedToSales);
      expect(await outcomesOf(client, denied, store)).toEqual(expectAll(denied, "403 forbidden"));
      expect(await snapshot(store.application_key)).toEqual(before);
    },
    LONG,
  );

  it(
    "answers a store staff account with a random permission setting by that setting alone",
    async () => {
      const store = await storeWithRecords();
      // One seed for the run; each transport draws a setting of its own from it.
      const random = seededRandom(SEED + TRANSPORT_NAMES.indexOf(transport));
      const role = pick<StaffRole>(random, ["admin", "sales"]);
      const permissions = Object.fromEntries(
        MODULE_IDS.map((module) => [module, pick(random, PERMISSION_LEVELS)]),
      ) as Record<ModuleId, PermissionLevel>;
      const sellsOffline = pick(random, [true, false]);
      // eslint-disable-next-line no-console -- the seed of a passing run too, to replay what it tried
      console.log(`random permission setting over ${transport}: TEST_SEED=${SEED} replays it`);
      const staff = await createStoreStaff(db(), store.application_key, { role, permissions, sellsOffline });
      const client = await signedIn(transport, staff.email, staff.password);

      const names = carriedBy(transport, storeActions);
      const outcomes = await outcomesOf(client, names, store);
      const answeredOtherwise = names.filter(
        (name) => (outcomes[name] === "403 forbidden") !== deniedTo({ role, permissions, sellsOffline }, name),
      );
      const setting = JSON.stringify({ role, permissions, sellsOffline });
      expect(answeredOtherwise, `TEST_SEED=${SEED} replays ${setting}`).toEqual([]);
    },
    LONG,
  );
});

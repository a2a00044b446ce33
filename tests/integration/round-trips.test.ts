import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ActionFailure, createActionClient } from "../../app/server/action-client.server";
import { handleActionRequest } from "../../backend";
import { registry } from "../../backend/actions";
import { examples } from "../../contract/actions";
import { createProduct, createProviderStaff } from "../helpers/factories";
import { countAfresh, newRecording, recordingEnv } from "./recording-d1";
import { db, storeWithRecords } from "./wire";

type ExampleAction = keyof typeof examples;
const OWN_PASSWORD = "update_own_store_account_password_by_application_key";

const isStoreAction = (name: ExampleAction) => registry.get(name)!.permission.startsWith("store");

/**
 * The store's website orders, sends its proof of payment and enquiries, subscribes to pushes and reads its
 * banners, menu and custom pages (public actions) while the store's product and plan are there, as the
 * owner's actions do.
 */
const STORE_WEBSITE: ExampleAction[] = [
  "add_online_order_data",
  "update_order_payment_proof_data_by_application_key_and_idempotency_key",
  "get_custom_page_data_by_application_key_and_link",
  "add_enquiry_data",
  "add_medi_enquiry_data",
  "get_push_public_key_data_by_application_key",
  "add_push_subscription_data",
  "get_store_website_home_banner_data_list_by_application_key",
  "get_store_website_menu_data_by_application_key",
  "get_online_credit_package_data_list_by_application_key",
  "add_online_credit_order_data",
  "get_online_appointment_service_data_list_by_application_key",
  "get_online_medi_appointment_service_data_list_by_application_key",
  "get_online_appointment_slot_data_list_by_application_key_and_service_id",
  "get_online_medi_appointment_slot_data_list_by_application_key_and_service_id",
  "add_online_appointment_record_data",
  "add_online_medi_appointment_record_data",
  "add_quotation_request_data",
  "add_online_product_booking_data",
];
/** A customer's links to their bookings: they open only while the store's plan has the module, as the website's. */
const CUSTOMER_LINKS: ExampleAction[] = [
  "get_appointment_booking_link_data_by_token",
  "update_appointment_booking_link_time_data_by_token",
  "update_appointment_booking_link_cancel_data_by_token",
  "get_yoga_course_record_link_data_by_token",
  "update_yoga_course_record_link_session_data_by_token",
  "update_yoga_course_record_link_cancel_data_by_token",
];
/**
 * The store's actions (as its owner) before the provider's, which change its plan; deletes last, so
 * every other action still finds its record.
 */
const order = (name: ExampleAction) =>
  SET_UP.includes(name)
    ? -1
    : Number(!isStoreAction(name) && !STORE_WEBSITE.includes(name) && !CUSTOMER_LINKS.includes(name)) * 2 +
      Number(name.startsWith("delete_"));
/**
 * Examples others build on, first: the member's e-mail the online credit order gives, the payment and delivery
 * methods the orders use. The rest run in the registry's order (modules alphabetically).
 */
const SET_UP: ExampleAction[] = [
  "update_member_data_by_application_key_and_id",
  "update_store_payment_setting_data_by_application_key",
  "update_store_delivery_setting_data_by_application_key",
];
/** The bulk update's example deletes its products: it gets one of its own. */
const BULK = "update_product_data_in_bulk_by_application_key_and_product_codes";
/** Orders are made of a product still on sale: the other examples unpublish and delete theirs. */
const CHECKOUT: ExampleAction[] = [
  "get_order_amount_data_by_application_key",
  "add_pos_order_data",
  "update_pos_cart_data_by_application_key",
  ...STORE_WEBSITE,
];
const actions = (Object.keys(examples) as ExampleAction[]).sort((a, b) => order(a) - order(b));

/**
 * What is unique across every store is claimed in the control database, and the claim must be there before a
 * shard writes it and let go only once the shard has (docs/scaling.md "Past one database"): a sign-in finds its
 * account's shard there first; a new e-mail, store name or sub-domain is claimed, written, and the old one freed.
 * These wait for one or two round trips more when the store lives on a shard; every other action, for two at most.
 */
const CROSS_DATABASE: Partial<Record<ExampleAction | "login", number>> = {
  login: 3,
  add_store_account_data: 3,
  add_store_staff_data: 3,
  update_store_staff_data_by_application_key_and_id: 4,
  update_store_general_setting_data_by_application_key: 4,
};

describe("every action of the registry", () => {
  it("makes at most two database round trips: who is calling with what the action reads, then its write, in the store's database and the control database side by side", async () => {
    const records = await storeWithRecords();
    const spare = await createProduct(db(), records.application_key);
    const forSale = await createProduct(db(), records.application_key, { stock: 10 });
    const staff = await createProviderStaff(db());
    const recording = newRecording();
    const recordedEnv = recordingEnv(env, recording);
    // Work for after the reply (e-mail) is the Worker's waitUntil, not the action's: counted up to its handover.
    const afterReplies: Promise<unknown>[] = [];
    let handedOver: number | null = null;
    const transport = (request: Request) =>
      handleActionRequest(request, recordedEnv, {
        waitUntil: (work) => {
          handedOver ??= recording.roundTrips;
          afterReplies.push(work);
        },
      });
    const roundTrips: Record<string, number> = {};
    const clientOf = async (email: string, password: string) => {
      countAfresh(recording);
      const { data } = await createActionClient(transport).login({ email, password });
      roundTrips.login = Math.max(roundTrips.login ?? 0, recording.roundTrips);
      if (!("token" in data)) throw new Error(`${email} signs in with two steps`);
      return createActionClient(transport, data.token);
    };
    const owner = await clientOf(records.email, records.password);
    const provider = await clientOf(staff.email, staff.password);

    const refused: Record<string, string> = {};
    for (const name of actions) {
      const client = isStoreAction(name) ? owner : provider;
      countAfresh(recording);
      handedOver = null;
      const payload = {
        ...examples[name](
          name === BULK
            ? { ...records, product_code: spare.productCode }
            : CHECKOUT.includes(name)
              ? { ...records, product_code: forSale.productCode }
              : records,
        ),
        ...(name === OWN_PASSWORD && { current_password: records.password }),
      };
      await (client[name] as (payload: unknown) => Promise<unknown>)(payload).catch((error: unknown) => {
        // A conflict (an e-mail an earlier example took) is the write's own answer: the write was made.
        if (!(error instanceof ActionFailure && error.status === 409)) refused[name] = String(error);
      });
      roundTrips[name] = handedOver ?? recording.roundTrips;
      await Promise.all(afterReplies.splice(0));
    }

    expect(refused).toEqual({});
    const over = Object.entries(roundTrips).filter(
      ([name, count]) => count > (CROSS_DATABASE[name as ExampleAction] ?? 2),
    );
    expect(over).toEqual([]);
  }, 60_000);
});

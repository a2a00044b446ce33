import type * as z from "zod";
import type { Examples } from "./examples";
import { moduleExamples, modulePayloads, type ModuleResults } from "./modules.generated";
import type { authPayloads } from "../modules/auth/contract";
import type { twoStepSignInPayloads } from "../modules/two-step/contract";

/**
 * The action catalogue shared by the backend and the BFF client. Each module keeps its payload
 * schemas, result types and sort lists in modules/<module>/contract.ts; contract/modules.generated.ts
 * collects them. The
 * backend adds permissions and handlers.
 *
 * Naming rule (checked for every registered action by backend/actions/names.test.ts). `<entity>` is
 * snake_case; the words after `_by_` are payload fields, joined by `_and_`:
 *   get_<entity>_data_and_total_number_by_sorting_and_limit   a page of a list, with total_number
 *   get_<entity>_data_list_by_<keys>                          a whole (short) list
 *   get_<entity>_data_by_<keys>                               one record
 *   add_<entity>_data                                         a new record
 *   add_<entity>_data_in_batch                                many new records, all or none (imports)
 *   update_<entity>_data_by_<keys>                            an edit
 *   update_<entity>_data_in_bulk_by_<keys>                    one change to many records (keys plural)
 *   update_<entity>_password_by_<keys>                        a new password (never part of the record)
 *   delete_<entity>_data_by_<keys>                            a deletion
 * A store action's keys start with `application_key`; one record of a store is
 * `…_by_application_key_and_id` (products: `…_and_product_code`, the merchant's own unique code).
 * Console records outside any store are `…_by_id`. Exceptions: the spec's own names, kept byte for
 * byte with their typos (get_current_purchased_plan_exluding_disabled_by_application_key,
 * get_single_data_by_data_type_and_id, get_single_data_by_data_type_and_application_key_and_id,
 * get_product_data_and_total_number_by_sorting_and_limit_merge_with_order_quantity, the upload
 * action `{hash}`) and the session verbs login, logout, forget_password, reset_password.
 */

export { DATA_TYPES, forms } from "../modules/console/contract";
export type * from "../modules/auth/contract";
export type * from "../modules/checkout/contract";
export type * from "../modules/console/contract";
export type * from "../modules/plan-order/contract";
export type * from "../modules/pos/contract";
export type * from "../modules/setting/contract";
export type * from "../modules/store/contract";
export type * from "../modules/two-step/contract";

export const payloads = modulePayloads satisfies Record<string, z.ZodType>;

/**
 * An example payload for every action but the session verbs and the caller's own second step, which
 * needs a code from the caller's authenticator (see contract/examples.ts and modules/two-step/contract.ts).
 */
export const examples: Examples<Omit<typeof payloads, keyof typeof authPayloads | keyof typeof twoStepSignInPayloads>> =
  moduleExamples;

export type ActionName = keyof typeof payloads;
export const ACTION_NAMES = Object.keys(payloads) as ActionName[];

/**
 * The form field of a batch of reads: `[{"action": "get_…", "payload": <payload>}, …]` (at most 10).
 * The reply is `{"result":"batch","replies":[…]}`, each reply as its action alone would answer plus its
 * `status`.
 */
export const BATCH_FIELD = "batch";
export const MAX_BATCH = 10;

/** Only actions named `get_…` are reads: they may be batched and served by a read replica. */
export const isReadAction = (name: string) => name.startsWith("get_");

/**
 * The D1 bookmark of the caller's last write. A write's reply carries it; a read that sends it back is
 * answered from a copy of the database at least that recent, so users always see their own writes.
 */
export const BOOKMARK_HEADER = "X-D1-Bookmark";
export type PayloadInput<N extends ActionName> = z.input<(typeof payloads)[N]>;
export type Payload<N extends ActionName> = z.output<(typeof payloads)[N]>;

export type Results = ModuleResults;

export type ActionResult<N extends ActionName> = Results[N];

export type WireSuccess<T> = { result: "success"; data: T } & Record<string, unknown>;
export interface WireFailure {
  result: "fail";
  message: string;
  fields?: Record<string, string[]>;
}

import type * as z from "zod";
import type { ModuleExampleRecords } from "./modules.generated";

/** The records many modules' example payloads name; each module declares its own (`<Module>ExampleRecords`). */
export interface BaseExampleRecords {
  application_key: string;
  product_code: string;
  member_id: number;
  /** An image uploaded to the store, for the examples' image fields. */
  uploaded_image_url: string;
}

/** Records of one store (and of the console) that an example payload names; tests create them. */
export interface ExampleRecords extends BaseExampleRecords, ModuleExampleRecords {}

/**
 * A valid payload for every action of a module, built around given records: registry-wide tests
 * call each action with it (another store's key, another store's ids, a role without the permission).
 */
export type Examples<P extends Record<string, z.ZodType>> = {
  [N in keyof P]: (records: ExampleRecords) => z.input<P[N]>;
};

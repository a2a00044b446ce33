import * as z from "zod";
import { describe, expect, it } from "vitest";
import { payloads, type ActionName } from "../../contract/actions";
import { UPLOAD_ACTION } from "../../modules/upload/contract";
import { registry } from ".";

/** The spec's own names (byte for byte, typos included) and the session verbs: outside the rule. */
const EXCEPTIONS = new Set<string>([
  "login",
  "logout",
  "check_session",
  "forget_password",
  "reset_password",
  "get_single_data_by_data_type_and_id",
  "get_single_data_by_data_type_and_application_key_and_id",
  "get_current_purchased_plan_exluding_disabled_by_application_key",
  "get_product_data_and_total_number_by_sorting_and_limit_merge_with_order_quantity",
  UPLOAD_ACTION,
]);

/** The naming rule of contract/actions.ts; `keys` are the payload fields after `_by_`. */
const SHAPES: { pattern: RegExp; oneRecord?: boolean }[] = [
  { pattern: /^get_[a-z_]+?_data_and_total_number_by_(?<keys>sorting_and_limit)$/ },
  { pattern: /^get_[a-z_]+?_data_list_by_(?<keys>[a-z_]+)$/ },
  { pattern: /^get_[a-z_]+?_data_by_(?<keys>[a-z_]+)$/, oneRecord: true },
  { pattern: /^add_[a-z_]+?_data(_in_batch)?$/ },
  { pattern: /^update_[a-z_]+?_data_by_(?<keys>[a-z_]+)$/, oneRecord: true },
  { pattern: /^update_[a-z_]+?_data_in_bulk_by_(?<keys>[a-z_]+)$/ },
  { pattern: /^update_[a-z_]+?_password_by_(?<keys>[a-z_]+)$/, oneRecord: true },
  { pattern: /^delete_[a-z_]+?_data_by_(?<keys>[a-z_]+)$/, oneRecord: true },
];

function payloadFields(name: ActionName): string[] {
  const schema = payloads[name];
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

const ruled = [...registry.values()].filter((definition) => !EXCEPTIONS.has(definition.name));

describe("action names", () => {
  it.each(ruled.map((definition) => [definition.name, definition.permission] as const))(
    "%s follows the naming rule",
    (name, permission) => {
      expect(name, "one record is get_<entity>_data_by_…, not get_single_…").not.toMatch(/^get_single_/);
      const shape = SHAPES.find(({ pattern }) => pattern.test(name));
      expect(shape, `${name} matches none of the rule's shapes`).toBeDefined();
      const keys = shape!.pattern.exec(name)!.groups?.keys;
      if (!keys || keys === "sorting_and_limit") return;
      const fields = keys.split("_and_");
      expect(payloadFields(name as ActionName)).toEqual(expect.arrayContaining(fields));
      if (!permission.startsWith("store")) return;
      expect(fields[0]).toBe("application_key");
      // One record of a store: the store's own (by its key alone), or one of its rows by id or product_code.
      if (shape!.oneRecord) expect(["", "id", "product_code"]).toContain(fields.slice(1).join("_and_"));
    },
  );

  it("keeps the spec's names as exceptions, and every exception is a registered action", () => {
    for (const name of EXCEPTIONS) expect(registry.has(name), name).toBe(true);
  });
});

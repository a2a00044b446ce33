import { describe, expect, it } from "vitest";
import { consolePayloads } from "../console/contract";
import { generalSettingFields } from "./contract";

const NAMES = ["陳記茶莊", "Tom's Café", "A&B"];

describe("the store's name", () => {
  it("is the merchant's to write in Chinese and ordinary punctuation, in store settings and in the console's edit", () => {
    for (const name of NAMES) {
      expect(generalSettingFields.store_name.safeParse(name).data).toBe(name);
      expect(consolePayloads.update_store_account_data_by_application_key.shape.store_name.safeParse(name).data).toBe(
        name,
      );
    }
  });

  it("keeps the spec's A-Z rule when provider staff create a store", () => {
    const create = consolePayloads.add_store_account_data.shape.store_name;
    expect(create.safeParse("Tea House 1").success).toBe(true);
    for (const name of NAMES) expect(create.safeParse(name).error?.issues[0].message).toBe("format-not-match");
  });
});

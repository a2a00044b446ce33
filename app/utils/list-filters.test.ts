import { describe, expect, it } from "vitest";
import { payloads } from "#contract/actions";
import { withoutRefusedFilters } from "./list-filters";

describe("withoutRefusedFilters", () => {
  const products = payloads.get_product_data_and_total_number_by_sorting_and_limit_merge_with_order_quantity;
  const log = payloads.get_log_data_and_total_number_by_sorting_and_limit;
  const store = { application_key: "demo-shop", page: 1, publish: "published" };

  it("keeps a payload the action takes as it is", () => {
    const payload = { ...store, category_id: 3 };
    expect(withoutRefusedFilters(products, payload)).toBe(payload);
    expect(withoutRefusedFilters(log, { date_from: "2024-01-01", date_to: "2024-01-31" })).toEqual({
      date_from: "2024-01-01",
      date_to: "2024-01-31",
    });
  });

  it("leaves out each filter the action would refuse and keeps the others", () => {
    for (const junk of [1.5, -1, 1e20]) {
      expect(withoutRefusedFilters(products, { ...store, category_id: junk }), String(junk)).toEqual(store);
    }
    expect(
      withoutRefusedFilters(log, { application_key: "k".repeat(5000), actor_email: "a@b.c", date_from: "2024-02-30" }),
    ).toEqual({ actor_email: "a@b.c" });
  });

  it("leaves out the end of a range that ends before it starts", () => {
    expect(withoutRefusedFilters(log, { date_from: "2024-05-01", date_to: "2024-01-01" })).toEqual({
      date_from: "2024-05-01",
    });
  });
});

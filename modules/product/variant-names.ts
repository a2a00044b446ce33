import { inArray, sql, type SQL } from "drizzle-orm";
import type { StoreScope } from "../../backend/db/scope";
import { productOptions, productOptionValues, type productVariants } from "./schema";

type OptionValueRow = Pick<typeof productOptionValues.$inferSelect, "id" | "valueZhHk" | "valueEn">;
type VariantSlots = Pick<typeof productVariants.$inferSelect, "optionValue1Id" | "optionValue2Id" | "optionValue3Id">;

/** The option values of the products the subquery names, for `variantNames`. */
export const optionValuesOf = (store: StoreScope, productIds: SQL) =>
  store.selectFields(
    productOptionValues,
    { id: productOptionValues.id, valueZhHk: productOptionValues.valueZhHk, valueEn: productOptionValues.valueEn },
    inArray(
      productOptionValues.optionId,
      sql`(select ${productOptions.id} from ${productOptions} where ${store.where(productOptions, inArray(productOptions.productId, productIds))})`,
    ),
  );

/**
 * A variant's option values in the options' order, as a line shows them ("M / 黑色", "M / Black"; a value
 * without an English name keeps its Chinese one); null for the one variant of a product without options.
 */
export function variantNames(variant: VariantSlots, values: readonly OptionValueRow[]) {
  const slots = [variant.optionValue1Id, variant.optionValue2Id, variant.optionValue3Id].flatMap((id) => {
    const value = id === null ? undefined : values.find((row) => row.id === id);
    return value ? [value] : [];
  });
  if (slots.length === 0) return { zh: null, en: null };
  return {
    zh: slots.map((value) => value.valueZhHk).join(" / "),
    en: slots.map((value) => value.valueEn || value.valueZhHk).join(" / "),
  };
}

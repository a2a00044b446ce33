import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { productOptionValues, productVariants } from "../../backend/db/schema";

/** The languages a variant's label is read in, as the records name them (`label_zh_hk`, `label_en`). */
export type LabelLanguage = "zh_hk" | "en";

/** One option value of a variant, by its slot's id: the English value, or the Chinese where it has none. */
const valueText = (slot: SQLiteColumn, language: LabelLanguage) =>
  sql`(select ${
    language === "en"
      ? sql`coalesce(nullif(trim(${productOptionValues.valueEn}), ''), ${productOptionValues.valueZhHk})`
      : productOptionValues.valueZhHk
  } from ${productOptionValues} where ${productOptionValues.id} = ${slot})`;

/**
 * A variant's label, its option values in the options' order ("M / 黑色"); empty for the one variant of a
 * product without options. Each value is read by its primary key from a row of `product_variant`, which
 * the statement must have in its FROM (unaliased). Slot n holds the value of the product's option n.
 */
export const variantLabel = (language: LabelLanguage): SQL<string> =>
  sql<string>`(coalesce(${valueText(productVariants.optionValue1Id, language)}, '') || coalesce(' / ' || ${valueText(
    productVariants.optionValue2Id,
    language,
  )}, '') || coalesce(' / ' || ${valueText(productVariants.optionValue3Id, language)}, ''))`;

/** The label of the variant a row names by id (an adjustment's, a supplier product's): empty when it has none. */
export const labelOfVariant = (variantId: SQLiteColumn | SQL, language: LabelLanguage): SQL<string> =>
  sql<string>`coalesce((select ${variantLabel(language)} from ${productVariants} where ${productVariants.id} = ${variantId}), '')`;

/** A variant is short when it is limited, sellable and out of stock (the product list counts them). */
export const isShortVariant = (variant: { unlimitedInventory: boolean; sellable: boolean; stock: number }) =>
  !variant.unlimitedInventory && variant.sellable && variant.stock <= 0;

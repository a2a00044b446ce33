/**
 * A bilingual text of a record, in the reader's language: the English text (`<field>_en`) when the
 * locale is English and it is not blank, else the Chinese (`<field>_zh_hk`), which is always set.
 */
export function localizedName<F extends string>(
  record: Record<`${F}_zh_hk` | `${F}_en`, string>,
  locale: string,
  field: F,
): string {
  const english = record[`${field}_en`];
  return locale === "en" && english.trim() !== "" ? english : record[`${field}_zh_hk`];
}

/**
 * A product's variant as a line or row names it: the product's name, then its option values when it has
 * any ("T 恤 – M / 黑色").
 */
export const withVariant = (name: string, variant: string | null | undefined) =>
  variant ? `${name} – ${variant}` : name;

/**
 * A line's product in the reader's language, with its variant's option values when it has options
 * ("T-shirt – M / Black").
 */
export function localizedLineName(
  record: { name_zh_hk: string; name_en: string; variant_name_zh_hk: string | null; variant_name_en: string | null },
  locale: string,
): string {
  const name = localizedName(record, locale, "name");
  if (record.variant_name_zh_hk === null) return name;
  return withVariant(
    name,
    localizedName(
      { variant_name_zh_hk: record.variant_name_zh_hk, variant_name_en: record.variant_name_en ?? "" },
      locale,
      "variant_name",
    ),
  );
}

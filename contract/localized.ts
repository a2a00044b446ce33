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

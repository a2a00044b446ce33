/**
 * A product's variant as a line or row names it: the product's name, then its option values when it has
 * any ("T 恤 – M / 黑色", as `localizedLineName` names an order's line).
 */
export const withVariant = (name: string, variant: string | null | undefined) =>
  variant ? `${name} – ${variant}` : name;

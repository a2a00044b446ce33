import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { localizedName } from "#contract/localized";
import type { StockLevelRecord } from "#modules/product/contract";

/** A variant's stock at each location, as the product page lists it. */
export interface VariantLevels {
  variantId: number;
  label: string;
  levels: { locationId: number; location: string; stock: number }[];
}

/** The product's stock levels grouped by variant (in the variants' order), the locations in the fulfilment order. */
export function variantLevels(records: StockLevelRecord[], locale: string): VariantLevels[] {
  const byVariant = new Map<number, VariantLevels>();
  for (const record of records) {
    const variant = byVariant.get(record.variant_id) ?? {
      variantId: record.variant_id,
      label: localizedName(record, locale, "label"),
      levels: [],
    };
    variant.levels.push({
      locationId: record.location_id,
      location: localizedName(
        { name_zh_hk: record.location_name_zh_hk, name_en: record.location_name_en },
        locale,
        "name",
      ),
      stock: record.stock,
    });
    byVariant.set(record.variant_id, variant);
  }
  return [...byVariant.values()];
}

/** The product page's card: where its stock is, per variant and location. */
export function StockByLocation({ variants }: { variants: VariantLevels[] }) {
  const { t } = useTranslation("product");
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {t("stock-by-location")}
        </Text>
        <Text as="p" tone="subdued">
          {t("stock-by-location-help")}
        </Text>
        {variants.map((variant) => (
          <BlockStack gap="100" key={variant.variantId}>
            {variant.label && (
              <Text as="h3" fontWeight="semibold">
                {variant.label}
              </Text>
            )}
            <ul className="stock-levels" aria-label={variant.label || t("stock-by-location")}>
              {variant.levels.map((level) => (
                <li key={level.locationId}>
                  <InlineStack gap="200" align="space-between" wrap={false}>
                    <Text as="span">{level.location}</Text>
                    <Text as="span" numeric>
                      {level.stock}
                    </Text>
                  </InlineStack>
                </li>
              ))}
            </ul>
          </BlockStack>
        ))}
      </BlockStack>
    </Card>
  );
}

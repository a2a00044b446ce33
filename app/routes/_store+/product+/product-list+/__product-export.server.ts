import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ActionClient } from "~/server/action-client.server";
import { asRouteError } from "~/server/errors.server";
import { everyListed } from "~/server/spreadsheet.server";
import { productListPayload, type ProductListQuery } from "./__product-list-query.server";
import type { ExportProduct } from "./__product-sheet.server";
import { localizedName } from "#contract/localized";

/** Product codes per call for their options and variants (the action's limit). */
const CODES_PER_CALL = 100;

/** Every product the list's filters select, with its category names, options and variants, for an export. */
export async function productsForExport(
  client: ActionClient,
  applicationKey: string,
  query: ProductListQuery,
  context: AppLoadContext,
): Promise<ExportProduct[]> {
  const { data: categories } = await client
    .get_category_data_list_by_application_key({ application_key: applicationKey })
    .catch(asRouteError);
  const nameOf = new Map(categories.map((category) => [category.id, localizedName(category, context.locale, "name")]));
  const products = await everyListed((paging) =>
    client.get_product_data_and_total_number_by_sorting_and_limit_merge_with_order_quantity({
      ...productListPayload(applicationKey, query),
      ...paging,
    }),
  );
  const variantsOf = new Map<string, Pick<ExportProduct, "options" | "variants">>();
  for (let at = 0; at < products.length; at += CODES_PER_CALL) {
    const { data } = await client
      .get_product_variant_sheet_data_list_by_application_key_and_product_codes({
        application_key: applicationKey,
        product_codes: products.slice(at, at + CODES_PER_CALL).map((product) => product.product_code),
      })
      .catch(asRouteError);
    for (const { product_code, ...variants } of data) variantsOf.set(product_code, variants);
  }
  return products.map((product) => ({
    ...product,
    ...variantsOf.get(product.product_code)!,
    category_names: product.category_ids.map((id) => nameOf.get(id) ?? "").filter(Boolean),
  }));
}

import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ActionClient } from "~/server/action-client.server";
import { asRouteError } from "~/server/errors.server";
import { productListPayload, type ProductListQuery } from "./__product-list-query.server";
import type { ExportProduct } from "./__product-sheet.server";
import { localizedName } from "#contract/localized";

const PAGE_SIZE = 100;
/** An export's ceiling (10,000 products); narrow the filters for more. */
const MAX_PAGES = 100;

/** Every product the list's filters select, with its category names, for an export. */
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
  const products: ExportProduct[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { data } = await client
      .get_product_data_and_total_number_by_sorting_and_limit_merge_with_order_quantity({
        ...productListPayload(applicationKey, query),
        limit: PAGE_SIZE,
        page,
      })
      .catch(asRouteError);
    for (const product of data) {
      products.push({
        ...product,
        category_names: product.category_ids.map((id) => nameOf.get(id) ?? "").filter(Boolean),
      });
    }
    if (data.length < PAGE_SIZE) break;
  }
  return products;
}

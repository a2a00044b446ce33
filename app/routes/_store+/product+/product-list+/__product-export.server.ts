import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ActionClient } from "~/server/action-client.server";
import { asRouteError } from "~/server/errors.server";
import { everyListed } from "~/server/spreadsheet.server";
import { productListPayload, type ProductListQuery } from "./__product-list-query.server";
import type { ExportProduct } from "./__product-sheet.server";
import { localizedName } from "#contract/localized";

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
  const products = await everyListed((paging) =>
    client.get_product_data_and_total_number_by_sorting_and_limit_merge_with_order_quantity({
      ...productListPayload(applicationKey, query),
      ...paging,
    }),
  );
  return products.map((product) => ({
    ...product,
    category_names: product.category_ids.map((id) => nameOf.get(id) ?? "").filter(Boolean),
  }));
}

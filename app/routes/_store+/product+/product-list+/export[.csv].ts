import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireStore } from "~/server/auth.server";
import { requireCan } from "~/server/permissions.server";
import { productsForExport } from "./__product-export.server";
import { productListQuery } from "./__product-list-query.server";
import { productsToCsv } from "./__product-sheet.server";
import { csvResponse } from "~/server/downloads.server";

/** The filtered product list as CSV, in the columns of the import template. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "product:read");
  const products = await productsForExport(
    client,
    store.applicationKey,
    productListQuery(new URL(request.url)),
    context,
  );
  return csvResponse(productsToCsv(products, context.locale), "products.csv");
}

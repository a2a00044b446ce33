import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireStore } from "~/auth.server";
import { productsForExport } from "~/product-export.server";
import { productListQuery } from "~/product-list-query";
import { productsToCsv } from "~/product-sheet.server";
import { csvResponse } from "~/utils/downloads.server";

/** The filtered product list as CSV, in the columns of the import template. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { store, client } = await requireStore(request, context, "product");
  const products = await productsForExport(
    client,
    store.applicationKey,
    productListQuery(new URL(request.url)),
    context,
  );
  return csvResponse(productsToCsv(products, context.locale), "products.csv");
}

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AddRecordPage } from "~/components/record-pages";
import { addPageAction, addPageLoader } from "~/server/record-pages.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { PRODUCT_LIST_URL, productUrl } from "../renting-record+/__renting";
import { NEW_PRODUCT_VALUES, ProductFields, productFormSchema, RENTING_UPLOADS } from "./__product-form";

export const handle: RouteHandle = { i18n: ["renting"], parent: PRODUCT_LIST_URL };
export const meta = titleMeta;

export const loader = (args: LoaderFunctionArgs) =>
  addPageLoader(args, { module: "renting", title: "renting:title.add-product" });

export const action = (args: ActionFunctionArgs) =>
  addPageAction(args, {
    module: "renting",
    schema: productFormSchema,
    add: (client, payload) => client.add_renting_product_data(payload),
    uploads: RENTING_UPLOADS,
    addedUrl: ({ data }) => productUrl(data.id),
  });

export default function AddRentingProduct() {
  return (
    <AddRecordPage schema={productFormSchema} listUrl={PRODUCT_LIST_URL} newValues={NEW_PRODUCT_VALUES} multipart>
      {(fields) => <ProductFields fields={fields} imageSlots={fields.images.getFieldList()} />}
    </AddRecordPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AddRecordPage } from "~/components/record-pages";
import { addPageAction, addPageLoader } from "~/server/record-pages.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { ADD_ON_UPLOADS, AddOnFields, addOnFormSchema, LIST_URL, NEW_ADD_ON_VALUES } from "./__add-on-form";

export const handle: RouteHandle = { i18n: ["add-on-product"], parent: "/product/add-on-product-list" };
export const meta = titleMeta;

export const loader = (args: LoaderFunctionArgs) =>
  addPageLoader(args, { module: "add_on_product", title: "add-on-product:title.add" });

export const action = (args: ActionFunctionArgs) =>
  addPageAction(args, {
    module: "add_on_product",
    schema: addOnFormSchema,
    add: (client, payload) => client.add_add_on_product_data(payload),
    uploads: ADD_ON_UPLOADS,
    addedUrl: LIST_URL,
  });

export default function AddAddOnProduct() {
  return (
    <AddRecordPage schema={addOnFormSchema} listUrl={LIST_URL} newValues={NEW_ADD_ON_VALUES} multipart>
      {(fields) => <AddOnFields fields={fields} />}
    </AddRecordPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AddRecordPage } from "~/components/record-pages";
import { addPageAction, addPageLoader } from "~/server/record-pages.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { CATEGORY_UPLOADS, CategoryFields, categoryFormSchema, LIST_URL, NEW_CATEGORY_VALUES } from "./__category-form";

export const handle: RouteHandle = { i18n: ["category"], parent: "/product/category" };
export const meta = titleMeta;

export const loader = (args: LoaderFunctionArgs) =>
  addPageLoader(args, { module: "category", title: "category:title.add" });

export const action = (args: ActionFunctionArgs) =>
  addPageAction(args, {
    module: "category",
    schema: categoryFormSchema,
    add: (client, payload) => client.add_category_data(payload),
    uploads: CATEGORY_UPLOADS,
    addedUrl: LIST_URL,
  });

export default function AddCategory() {
  return (
    <AddRecordPage schema={categoryFormSchema} listUrl={LIST_URL} newValues={NEW_CATEGORY_VALUES} multipart>
      {(fields) => <CategoryFields fields={fields} />}
    </AddRecordPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

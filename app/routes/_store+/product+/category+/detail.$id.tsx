import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { localizedName } from "#contract/localized";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { EditRecordPage } from "~/components/record-pages";
import { editPageAction, editPageLoader } from "~/server/record-pages.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import {
  CATEGORY_UPLOADS,
  CategoryFields,
  categoryFormValues,
  editCategoryFormSchema,
  LIST_URL,
} from "./__category-form";

export const handle: RouteHandle = { i18n: ["category"], parent: "/product/category" };
export const meta = titleMeta;

export const loader = (args: LoaderFunctionArgs) =>
  editPageLoader(args, {
    module: "category",
    title: "category:title.detail",
    read: (client, key) => client.get_category_data_by_application_key_and_id(key),
    name: (category, locale) => localizedName(category, locale, "name"),
    values: categoryFormValues,
    consequence: "category:delete-consequence",
  });

export const action = (args: ActionFunctionArgs) =>
  editPageAction(args, {
    module: "category",
    schema: editCategoryFormSchema,
    update: (client, payload) => client.update_category_data_by_application_key_and_id(payload),
    remove: (client, key) => client.delete_category_data_by_application_key_and_id(key),
    uploads: CATEGORY_UPLOADS,
    listUrl: LIST_URL,
    deleted: "category:deleted",
  });

export default function CategoryDetail() {
  return (
    <EditRecordPage schema={editCategoryFormSchema} listUrl={LIST_URL} multipart>
      {(fields) => <CategoryFields fields={fields} />}
    </EditRecordPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

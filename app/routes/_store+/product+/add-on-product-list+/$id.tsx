import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { localizedName } from "#contract/localized";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { EditRecordPage } from "~/components/record-pages";
import { editPageAction, editPageLoader } from "~/server/record-pages.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { ADD_ON_UPLOADS, AddOnFields, addOnFormValues, editAddOnFormSchema, LIST_URL } from "./__add-on-form";

export const handle: RouteHandle = { i18n: ["add-on-product"], parent: "/product/add-on-product-list" };
export const meta = titleMeta;

export const loader = (args: LoaderFunctionArgs) =>
  editPageLoader(args, {
    module: "add_on_product",
    title: "add-on-product:title.edit",
    read: (client, key) => client.get_add_on_product_data_by_application_key_and_id(key),
    name: (addOn, locale) => localizedName(addOn, locale, "name"),
    values: addOnFormValues,
    consequence: "add-on-product:delete-consequence",
  });

export const action = (args: ActionFunctionArgs) =>
  editPageAction(args, {
    module: "add_on_product",
    schema: editAddOnFormSchema,
    update: (client, payload) => client.update_add_on_product_data_by_application_key_and_id(payload),
    remove: (client, key) => client.delete_add_on_product_data_by_application_key_and_id(key),
    uploads: ADD_ON_UPLOADS,
    listUrl: LIST_URL,
    deleted: "add-on-product:deleted",
  });

export default function EditAddOnProduct() {
  return (
    <EditRecordPage schema={editAddOnFormSchema} listUrl={LIST_URL} multipart>
      {(fields) => <AddOnFields fields={fields} />}
    </EditRecordPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

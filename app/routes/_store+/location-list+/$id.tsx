import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { localizedName } from "#contract/localized";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { EditRecordPage } from "~/components/record-pages";
import { editPageAction, editPageLoader } from "~/server/record-pages.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { editLocationFormSchema, LIST_URL, LocationFields, locationFormValues } from "./__location-form";

export const handle: RouteHandle = { i18n: ["location"], parent: LIST_URL };
export const meta = titleMeta;

export const loader = (args: LoaderFunctionArgs) =>
  editPageLoader(args, {
    module: "location",
    title: "location:title.edit",
    read: (client, key) => client.get_location_data_by_application_key_and_id(key),
    name: (location, locale) => localizedName(location, locale, "name"),
    values: locationFormValues,
    consequence: "location:delete-consequence",
  });

export const action = (args: ActionFunctionArgs) =>
  editPageAction(args, {
    module: "location",
    schema: editLocationFormSchema,
    update: (client, payload) => client.update_location_data_by_application_key_and_id(payload),
    remove: (client, key) => client.delete_location_data_by_application_key_and_id(key),
    listUrl: LIST_URL,
    deleted: "location:deleted",
  });

export default function EditLocation() {
  return (
    <EditRecordPage schema={editLocationFormSchema} listUrl={LIST_URL}>
      {(fields) => <LocationFields fields={fields} />}
    </EditRecordPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

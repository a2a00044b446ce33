import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AddRecordPage } from "~/components/record-pages";
import { addPageAction, addPageLoader } from "~/server/record-pages.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { LIST_URL, LocationFields, locationFormSchema } from "./__location-form";

export const handle: RouteHandle = { i18n: ["location"], parent: LIST_URL };
export const meta = titleMeta;

export const loader = (args: LoaderFunctionArgs) =>
  addPageLoader(args, { module: "location", title: "location:title.add" });

export const action = (args: ActionFunctionArgs) =>
  addPageAction(args, {
    module: "location",
    schema: locationFormSchema,
    add: (client, payload) => client.add_location_data(payload),
    addedUrl: LIST_URL,
  });

export default function AddLocation() {
  return (
    <AddRecordPage schema={locationFormSchema} listUrl={LIST_URL}>
      {(fields) => <LocationFields fields={fields} />}
    </AddRecordPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

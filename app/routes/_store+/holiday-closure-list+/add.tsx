import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AddRecordPage } from "~/components/record-pages";
import { addPageAction, addPageLoader } from "~/server/record-pages.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { HolidayClosureFields, holidayClosureFormSchema, LIST_URL } from "./__holiday-closure-form";

export const handle: RouteHandle = { i18n: ["holiday-closure"], parent: LIST_URL };
export const meta = titleMeta;

export const loader = (args: LoaderFunctionArgs) =>
  addPageLoader(args, { module: "holiday_closure", title: "holiday-closure:title.add" });

export const action = (args: ActionFunctionArgs) =>
  addPageAction(args, {
    module: "holiday_closure",
    schema: holidayClosureFormSchema,
    add: (client, payload) => client.add_holiday_closure_data(payload),
    addedUrl: LIST_URL,
  });

export default function AddHolidayClosure() {
  return (
    <AddRecordPage schema={holidayClosureFormSchema} listUrl={LIST_URL}>
      {(fields) => <HolidayClosureFields fields={fields} />}
    </AddRecordPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

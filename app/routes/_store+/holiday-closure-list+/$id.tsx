import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { localizedName } from "#contract/localized";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { EditRecordPage } from "~/components/record-pages";
import { editPageAction, editPageLoader } from "~/server/record-pages.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import {
  editHolidayClosureFormSchema,
  HolidayClosureFields,
  holidayClosureFormValues,
  LIST_URL,
} from "./__holiday-closure-form";

export const handle: RouteHandle = { i18n: ["holiday-closure"], parent: LIST_URL };
export const meta = titleMeta;

export const loader = (args: LoaderFunctionArgs) =>
  editPageLoader(args, {
    module: "holiday_closure",
    title: "holiday-closure:title.edit",
    read: (client, key) => client.get_holiday_closure_data_by_application_key_and_id(key),
    name: (closure, locale) => localizedName(closure, locale, "name"),
    values: holidayClosureFormValues,
    consequence: "holiday-closure:delete-consequence",
  });

export const action = (args: ActionFunctionArgs) =>
  editPageAction(args, {
    module: "holiday_closure",
    schema: editHolidayClosureFormSchema,
    update: (client, payload) => client.update_holiday_closure_data_by_application_key_and_id(payload),
    remove: (client, key) => client.delete_holiday_closure_data_by_application_key_and_id(key),
    listUrl: LIST_URL,
    deleted: "holiday-closure:deleted",
  });

export default function EditHolidayClosure() {
  return (
    <EditRecordPage schema={editHolidayClosureFormSchema} listUrl={LIST_URL}>
      {(fields) => <HolidayClosureFields fields={fields} />}
    </EditRecordPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { localizedName } from "#contract/localized";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { EditRecordPage } from "~/components/record-pages";
import { editPageAction, editPageLoader } from "~/server/record-pages.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { COACH_UPLOADS, CoachFields, coachFormValues, editCoachFormSchema, LIST_URL } from "./__coach-form";

export const handle: RouteHandle = { i18n: ["course-setup"], parent: "/yoga/yoga-course/coach" };
export const meta = titleMeta;

export const loader = (args: LoaderFunctionArgs) =>
  editPageLoader(args, {
    module: "yoga_course",
    title: "course-setup:title.edit-coach",
    read: (client, key) => client.get_yoga_coach_data_by_application_key_and_id(key),
    name: (coach, locale) => localizedName(coach, locale, "name"),
    values: coachFormValues,
    consequence: "course-setup:delete-coach-consequence",
  });

export const action = (args: ActionFunctionArgs) =>
  editPageAction(args, {
    module: "yoga_course",
    schema: editCoachFormSchema,
    update: (client, payload) => client.update_yoga_coach_data_by_application_key_and_id(payload),
    remove: (client, key) => client.delete_yoga_coach_data_by_application_key_and_id(key),
    uploads: COACH_UPLOADS,
    listUrl: LIST_URL,
    deleted: "course-setup:deleted-coach",
  });

export default function EditCoach() {
  return (
    <EditRecordPage schema={editCoachFormSchema} listUrl={LIST_URL} multipart>
      {(fields) => <CoachFields fields={fields} />}
    </EditRecordPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

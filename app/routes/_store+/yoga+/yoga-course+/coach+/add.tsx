import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AddRecordPage } from "~/components/record-pages";
import { addPageAction, addPageLoader } from "~/server/record-pages.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { COACH_UPLOADS, CoachFields, coachFormSchema, LIST_URL, NEW_COACH_VALUES } from "./__coach-form";

export const handle: RouteHandle = { i18n: ["course-setup"], parent: "/yoga/yoga-course/coach" };
export const meta = titleMeta;

export const loader = (args: LoaderFunctionArgs) =>
  addPageLoader(args, { module: "yoga_course", title: "course-setup:title.add-coach" });

export const action = (args: ActionFunctionArgs) =>
  addPageAction(args, {
    module: "yoga_course",
    schema: coachFormSchema,
    add: (client, payload) => client.add_yoga_coach_data(payload),
    uploads: COACH_UPLOADS,
    addedUrl: LIST_URL,
  });

export default function AddCoach() {
  return (
    <AddRecordPage schema={coachFormSchema} listUrl={LIST_URL} newValues={NEW_COACH_VALUES} multipart>
      {(fields) => <CoachFields fields={fields} />}
    </AddRecordPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

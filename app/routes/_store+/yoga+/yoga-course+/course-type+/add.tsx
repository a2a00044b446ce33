import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AddRecordPage } from "~/components/record-pages";
import { addPageAction, addPageLoader } from "~/server/record-pages.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { CourseTypeFields, courseTypeFormSchema, LIST_URL, NEW_COURSE_TYPE_VALUES } from "./__course-type-form";

export const handle: RouteHandle = { i18n: ["course-setup"], parent: "/yoga/yoga-course/course-type" };
export const meta = titleMeta;

export const loader = (args: LoaderFunctionArgs) =>
  addPageLoader(args, { module: "yoga_course", title: "course-setup:title.add-course-type" });

export const action = (args: ActionFunctionArgs) =>
  addPageAction(args, {
    module: "yoga_course",
    schema: courseTypeFormSchema,
    add: (client, payload) => client.add_yoga_course_type_data(payload),
    addedUrl: LIST_URL,
  });

export default function AddCourseType() {
  return (
    <AddRecordPage schema={courseTypeFormSchema} listUrl={LIST_URL} newValues={NEW_COURSE_TYPE_VALUES}>
      {(fields) => <CourseTypeFields fields={fields} />}
    </AddRecordPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

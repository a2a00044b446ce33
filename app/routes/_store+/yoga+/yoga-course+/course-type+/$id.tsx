import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { localizedName } from "#contract/localized";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { EditRecordPage } from "~/components/record-pages";
import { editPageAction, editPageLoader } from "~/server/record-pages.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { CourseTypeFields, courseTypeFormValues, editCourseTypeFormSchema, LIST_URL } from "./__course-type-form";

export const handle: RouteHandle = { i18n: ["course-setup"], parent: "/yoga/yoga-course/course-type" };
export const meta = titleMeta;

export const loader = (args: LoaderFunctionArgs) =>
  editPageLoader(args, {
    module: "yoga_course",
    title: "course-setup:title.edit-course-type",
    read: (client, key) => client.get_yoga_course_type_data_by_application_key_and_id(key),
    name: (courseType, locale) => localizedName(courseType, locale, "name"),
    values: courseTypeFormValues,
    consequence: "course-setup:delete-course-type-consequence",
  });

export const action = (args: ActionFunctionArgs) =>
  editPageAction(args, {
    module: "yoga_course",
    schema: editCourseTypeFormSchema,
    update: (client, payload) => client.update_yoga_course_type_data_by_application_key_and_id(payload),
    remove: (client, key) => client.delete_yoga_course_type_data_by_application_key_and_id(key),
    listUrl: LIST_URL,
    deleted: "course-setup:deleted-course-type",
  });

export default function EditCourseType() {
  return (
    <EditRecordPage schema={editCourseTypeFormSchema} listUrl={LIST_URL}>
      {(fields) => <CourseTypeFields fields={fields} />}
    </EditRecordPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

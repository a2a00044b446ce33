import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { localizedName } from "#contract/localized";
import { DELETE_INTENT, DeletableRecord, isConfirmingDelete } from "~/components/delete-record";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { asRouteError, recordId } from "~/server/errors.server";
import { deleteThenRedirect, submitForm } from "~/server/forms.server";
import { can, requireCan } from "~/server/permissions.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { CourseTypeFields, courseTypeFormValues, editCourseTypeFormSchema, LIST_URL } from "./__course-type-form";

export const handle: RouteHandle = { i18n: ["course-setup"], parent: "/yoga/yoga-course/course-type" };
export const meta = titleMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "yoga_course:read");
  const { data: courseType } = await client
    .get_yoga_course_type_data_by_application_key_and_id({
      application_key: store.applicationKey,
      id: recordId(params.id),
    })
    .catch(asRouteError);
  const canWrite = can(user, "yoga_course:write");
  return {
    title: context.t("course-setup:title.edit-course-type"),
    name: localizedName(courseType, context.locale, "name"),
    defaultValue: courseTypeFormValues(courseType),
    canWrite,
    confirmingDelete: canWrite && isConfirmingDelete(request),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "yoga_course:write");
  const key = { application_key: store.applicationKey, id: recordId(params.id) };
  const formData = await request.formData();
  if (formData.get("intent") === DELETE_INTENT) {
    return deleteThenRedirect(
      request,
      context,
      () => client.delete_yoga_course_type_data_by_application_key_and_id(key),
      {
        listUrl: LIST_URL,
        deleted: "course-setup:deleted-course-type",
      },
    );
  }
  const submitted = await submitForm(formData, editCourseTypeFormSchema, (value) =>
    client.update_yoga_course_type_data_by_application_key_and_id({ ...key, ...value }),
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(LIST_URL, { tone: "success", message: "common:form.saved" }, request, context);
}

export default function EditCourseType() {
  const { t } = useTranslation(["course-setup", "common"]);
  const { title, name, defaultValue, canWrite, confirmingDelete } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(editCourseTypeFormSchema, useActionData<typeof action>(), defaultValue);
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <BlockStack gap="400">
        <DeletableRecord
          name={name}
          consequence={t("delete-course-type-consequence")}
          confirming={confirmingDelete}
          canDelete={canWrite}
        >
          <SaveForm form={form} readOnly={!canWrite} version={fields.version}>
            <CourseTypeFields fields={fields} />
          </SaveForm>
        </DeletableRecord>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { submitForm } from "~/server/forms.server";
import { requireCan } from "~/server/permissions.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { CourseTypeFields, courseTypeFormSchema, LIST_URL, NEW_COURSE_TYPE_VALUES } from "./__course-type-form";

export const handle: RouteHandle = { i18n: ["course-setup"], parent: "/yoga/yoga-course/course-type" };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireStore(request, context);
  requireCan(user, "yoga_course:write");
  return { title: context.t("course-setup:title.add-course-type") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "yoga_course:write");
  const submitted = await submitForm(await request.formData(), courseTypeFormSchema, (value) =>
    client.add_yoga_course_type_data({ application_key: store.applicationKey, ...value }),
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(LIST_URL, { tone: "success", message: "common:form.saved" }, request, context);
}

export default function AddCourseType() {
  const { t } = useTranslation(["course-setup", "common"]);
  const { title } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(courseTypeFormSchema, useActionData<typeof action>(), NEW_COURSE_TYPE_VALUES);
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <SaveForm form={form}>
        <CourseTypeFields fields={fields} />
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

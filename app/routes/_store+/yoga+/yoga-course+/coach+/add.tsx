import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { submitForm } from "~/server/forms.server";
import { requireCan } from "~/server/permissions.server";
import { uploadTarget } from "~/server/uploads.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { COACH_UPLOADS, CoachFields, coachFormSchema, LIST_URL, NEW_COACH_VALUES } from "./__coach-form";

export const handle: RouteHandle = { i18n: ["course-setup"], parent: "/yoga/yoga-course/coach" };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireStore(request, context);
  requireCan(user, "yoga_course:write");
  return { title: context.t("course-setup:title.add-coach") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "yoga_course:write");
  const submitted = await submitForm(
    await request.formData(),
    coachFormSchema,
    (value) => client.add_yoga_coach_data({ application_key: store.applicationKey, ...value }),
    { uploads: { rules: COACH_UPLOADS, target: uploadTarget(context, { client, store }, "yoga_course") } },
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(LIST_URL, { tone: "success", message: "common:form.saved" }, request, context);
}

export default function AddCoach() {
  const { t } = useTranslation(["course-setup", "common"]);
  const { title } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(coachFormSchema, useActionData<typeof action>(), NEW_COACH_VALUES);
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <SaveForm form={form} encType="multipart/form-data">
        <CoachFields fields={fields} />
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { submitForm } from "~/server/forms.server";
import { requireCan } from "~/server/permissions.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import {
  NEW_SESSION_VALUES,
  newSessionFormSchema,
  RepeatFields,
  sessionChoices,
  SessionFields,
  weekUrl,
} from "./__session-form";
import { TIMETABLE_URL } from "./__timetable-filters";

export const handle: RouteHandle = { i18n: ["course-session"], parent: TIMETABLE_URL };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "yoga_course:write");
  const { data } = await client
    .get_course_session_choice_data_by_application_key({ application_key: store.applicationKey })
    .catch(asRouteError);
  return {
    title: context.t("course-session:title.add"),
    ...sessionChoices(data, context.locale, (key, values) => context.t(`course-session:${key}`, values)),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "yoga_course:write");
  let added = 0;
  const submitted = await submitForm(await request.formData(), newSessionFormSchema, (value) =>
    client.add_course_session_data({ application_key: store.applicationKey, ...value }).then(({ data }) => {
      added = data.count;
    }),
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(
    weekUrl(submitted.value.date),
    { tone: "success", message: "course-session:added", values: { count: added } },
    request,
    context,
  );
}

export default function AddSession() {
  const { t } = useTranslation(["course-session", "common"]);
  const { title, courseTypes, coaches } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(newSessionFormSchema, useActionData<typeof action>(), NEW_SESSION_VALUES);
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: TIMETABLE_URL }}>
      {courseTypes.length === 0 || coaches.length === 0 ? (
        <Banner tone="warning">{t("no-choices")}</Banner>
      ) : (
        <SaveForm form={form}>
          <SessionFields fields={fields} courseTypes={courseTypes} coaches={coaches} dateHelp={t("help.date")} />
          <RepeatFields fields={fields} />
        </SaveForm>
      )}
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { version } from "#contract/parts";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { ActionFailure } from "~/server/action-client.server";
import { redirectWithToast, refusalToast, requireStore } from "~/server/auth.server";
import { asRouteError, recordId } from "~/server/errors.server";
import { submitForm } from "~/server/forms.server";
import { can, requireCan } from "~/server/permissions.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import {
  ApplyToField,
  editSessionFormSchema,
  sessionChoices,
  SessionFields,
  sessionFormValues,
  weekUrl,
} from "./__session-form";
import { TIMETABLE_URL } from "./__timetable-filters";

export const handle: RouteHandle = {
  i18n: ["course-session"],
  parent: (params) => `${TIMETABLE_URL}/detail/${params.id}`,
};
export const meta = titleMeta;

const CANCEL_INTENT = "cancel";
const CONFIRM_PARAM = "confirm-cancel";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "yoga_course:read");
  const key = { application_key: store.applicationKey };
  const [{ data: session }, { data: choices }] = await Promise.all([
    client.get_course_session_data_by_application_key_and_id({ ...key, id: recordId(params.id) }),
    client.get_course_session_choice_data_by_application_key(key),
  ]).catch(asRouteError);
  const scheduled = session.status === "scheduled";
  const canWrite = can(user, "yoga_course:write") && scheduled;
  return {
    title: context.t("course-session:title.edit"),
    name: `${localizedName(session, context.locale, "course_type_name")} ${hongKongTime(session.starts_at)}`,
    defaultValue: sessionFormValues(session),
    detailUrl: `${TIMETABLE_URL}/detail/${session.id}`,
    inSeries: session.series_key !== null,
    cancelled: !scheduled,
    canWrite,
    confirmingCancel: canWrite && new URL(request.url).searchParams.get(CONFIRM_PARAM) === "1",
    ...sessionChoices(
      choices,
      context.locale,
      (key, values) => context.t(`course-session:${key}`, values),
      session.coach_id,
    ),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "yoga_course:write");
  const key = { application_key: store.applicationKey, id: recordId(params.id) };
  const formData = await request.formData();
  if (formData.get("intent") === CANCEL_INTENT) {
    const here = new URL(request.url).pathname;
    const loaded = version.safeParse(Number(formData.get("version")));
    if (!loaded.success)
      return redirectWithToast(here, { tone: "error", message: "message:save-fail" }, request, context);
    return client
      .update_course_session_status_data_by_application_key_and_id({
        ...key,
        status: "cancelled",
        version: loaded.data,
      })
      .then(
        ({ data }) =>
          redirectWithToast(
            here,
            { tone: "success", message: "course-session:cancel.done", values: { count: data.cancelled_bookings } },
            request,
            context,
          ),
        (error: unknown) => {
          if (!(error instanceof ActionFailure)) throw error;
          return redirectWithToast(here, refusalToast(error.messageKey), request, context);
        },
      );
  }
  let saved = 0;
  const submitted = await submitForm(formData, editSessionFormSchema, (value) =>
    client.update_course_session_data_by_application_key_and_id({ ...key, ...value }).then(({ data }) => {
      saved = data.count;
    }),
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(
    weekUrl(submitted.value.date),
    { tone: "success", message: "course-session:saved", values: { count: saved } },
    request,
    context,
  );
}

export default function EditSession() {
  const { t } = useTranslation(["course-session", "common"]);
  const data = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(editSessionFormSchema, useActionData<typeof action>(), data.defaultValue);
  return (
    <Page title={data.title} subtitle={data.name} backAction={{ content: t("common:shell.back"), url: data.detailUrl }}>
      <BlockStack gap="400">
        {data.cancelled && <Banner tone="warning">{t("cancelled-note")}</Banner>}
        {data.confirmingCancel && <CancelSession name={data.name} version={data.defaultValue.version} confirming />}
        <SaveForm form={form} readOnly={!data.canWrite} version={fields.version}>
          <SessionFields fields={fields} courseTypes={data.courseTypes} coaches={data.coaches} />
          {data.inSeries && <ApplyToField field={fields.apply_to} />}
        </SaveForm>
        {data.canWrite && !data.confirmingCancel && (
          <CancelSession name={data.name} version={data.defaultValue.version} confirming={false} />
        )}
      </BlockStack>
    </Page>
  );
}

/** Cancelling in two steps that work without JavaScript: a link to the confirmation, then its form. */
function CancelSession({ name, version, confirming }: { name: string; version: number; confirming: boolean }) {
  const { t } = useTranslation("course-session");
  const { pathname } = useLocation();
  return (
    <Card>
      <Form noValidate method="post">
        <input type="hidden" name="intent" value={CANCEL_INTENT} />
        <input type="hidden" name="version" value={version} />
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {confirming ? t("cancel.confirm-title", { name }) : t("cancel.title")}
          </Text>
          <Text as="p" tone={confirming ? undefined : "subdued"}>
            {t("cancel.consequence")}
          </Text>
          <InlineStack gap="200" align="end">
            {confirming ? (
              <>
                <Button url={pathname}>{t("cancel.keep")}</Button>
                <Button submit variant="primary" tone="critical">
                  {t("cancel.confirm")}
                </Button>
              </>
            ) : (
              <Button url={`${pathname}?${CONFIRM_PARAM}=1`} tone="critical">
                {t("cancel.start")}
              </Button>
            )}
          </InlineStack>
        </BlockStack>
      </Form>
    </Card>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { localizedName } from "#contract/localized";
import { useLoaderData } from "@remix-run/react";
import { CalendarFeedCard } from "~/components/calendar-feed";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { EditRecordPage } from "~/components/record-pages";
import { requireStore } from "~/server/auth.server";
import { calendarFeedUrl, isCalendarFeedReset, resetCalendarFeed } from "~/server/calendar-feed.server";
import { recordId } from "~/server/errors.server";
import { can, requireCan } from "~/server/permissions.server";
import { editPageAction, editPageLoader } from "~/server/record-pages.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { COACH_UPLOADS, CoachFields, coachFormValues, editCoachFormSchema, LIST_URL } from "./__coach-form";

export const handle: RouteHandle = { i18n: ["course-setup", "calendar-feed"], parent: "/yoga/yoga-course/coach" };
export const meta = titleMeta;

export const loader = (args: LoaderFunctionArgs) =>
  editPageLoader(args, {
    module: "yoga_course",
    title: "course-setup:title.edit-coach",
    read: (client, key) => client.get_yoga_coach_data_by_application_key_and_id(key),
    name: (coach, locale) => localizedName(coach, locale, "name"),
    values: coachFormValues,
    consequence: "course-setup:delete-coach-consequence",
    // The feed's link opens the coach's classes: only those who may write the module see it.
    choices: async ({ user, store, client }) => ({
      calendarFeed: can(user, "yoga_course:write")
        ? {
            url: calendarFeedUrl(
              args.request,
              (
                await client.get_yoga_coach_calendar_feed_data_by_application_key_and_id({
                  application_key: store.applicationKey,
                  id: recordId(args.params.id),
                })
              ).data,
            ),
          }
        : null,
    }),
  });

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "yoga_course:write");
  if (await isCalendarFeedReset(request)) {
    return resetCalendarFeed(request, context, () =>
      client.update_yoga_coach_calendar_feed_data_by_application_key_and_id({
        application_key: store.applicationKey,
        id: recordId(params.id),
      }),
    );
  }
  return editCoach({ request, context, params });
}

const editCoach = (args: ActionFunctionArgs) =>
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
  const { calendarFeed } = useLoaderData<typeof loader>();
  return (
    <EditRecordPage
      schema={editCoachFormSchema}
      listUrl={LIST_URL}
      multipart
      after={calendarFeed && <CalendarFeedCard url={calendarFeed.url} />}
    >
      {(fields) => <CoachFields fields={fields} />}
    </EditRecordPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

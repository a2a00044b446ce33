import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AddRecordPage } from "~/components/record-pages";
import { linkChoices } from "~/server/link-choices.server";
import { addPageAction, addPageLoader } from "~/server/record-pages.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { LIST_URL, NEW_PUSH_VALUES, PUSH_UPLOADS, PushFields, pushFormSchema } from "./__push-form";

export const handle: RouteHandle = { i18n: ["push-notification"], parent: LIST_URL };
export const meta = titleMeta;

export const loader = (args: LoaderFunctionArgs) =>
  addPageLoader(args, {
    module: "push_notification",
    title: "push-notification:title.add",
    choices: async ({ client, store }, locale) => ({ links: await linkChoices(client, store.applicationKey, locale) }),
  });

export const action = (args: ActionFunctionArgs) =>
  addPageAction(args, {
    module: "push_notification",
    schema: pushFormSchema(args.context.now),
    add: (client, payload) => client.add_push_notification_data(payload),
    uploads: PUSH_UPLOADS,
    // Its page shows where it stands: scheduled, or sent with its counts.
    addedUrl: ({ data }) => `${LIST_URL}/${data.id}`,
  });

const clientSchema = pushFormSchema();

export default function AddPushNotification() {
  const { links } = useLoaderData<typeof loader>();
  return (
    <AddRecordPage schema={clientSchema} listUrl={LIST_URL} newValues={NEW_PUSH_VALUES} multipart>
      {(fields) => <PushFields fields={fields} links={links} />}
    </AddRecordPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

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
import { linkChoices } from "~/server/link-choices.server";
import { LIST_URL, NEW_PUSH_VALUES, PUSH_UPLOADS, PushFields, pushFormSchema } from "./__push-form";

export const handle: RouteHandle = { i18n: ["push-notification"], parent: LIST_URL };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "push_notification:write");
  return {
    title: context.t("push-notification:title.add"),
    links: await linkChoices(client, store.applicationKey, context.locale),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "push_notification:write");
  let addedId = 0;
  const submitted = await submitForm(
    await request.formData(),
    pushFormSchema,
    async (value) => {
      ({
        data: { id: addedId },
      } = await client.add_push_notification_data({ application_key: store.applicationKey, ...value }));
    },
    { uploads: { rules: PUSH_UPLOADS, target: uploadTarget(context, { client, store }, "push_notification") } },
  );
  if (!submitted.saved) return submitted.reply;
  // Its page shows where it stands: scheduled, or sent with its counts.
  return redirectWithToast(
    `${LIST_URL}/${addedId}`,
    { tone: "success", message: "common:form.saved" },
    request,
    context,
  );
}

export default function AddPushNotification() {
  const { t } = useTranslation(["push-notification", "common"]);
  const { title, links } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(pushFormSchema, useActionData<typeof action>(), NEW_PUSH_VALUES);
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <SaveForm form={form} encType="multipart/form-data">
        <PushFields fields={fields} links={links} />
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

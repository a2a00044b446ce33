import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { hongKongDate } from "#contract/dates";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { submitForm } from "~/server/forms.server";
import { requireCan } from "~/server/permissions.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { LIST_URL, MemberFields, memberFormSchema, newMemberValues } from "./__member-form";

export const handle: RouteHandle = { i18n: ["member"], parent: "/member/member-list" };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store } = await requireStore(request, context);
  requireCan(user, "member:write");
  return {
    title: context.t("member:title.add"),
    hasVip: store.plan?.hasVip ?? false,
    defaultValue: newMemberValues(hongKongDate(new Date(context.now()))),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "member:write");
  let addedId = 0;
  const submitted = await submitForm(await request.formData(), memberFormSchema, async (value) => {
    ({ id: addedId } = (await client.add_member_data({ application_key: store.applicationKey, ...value })).data);
  });
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(
    `${LIST_URL}/detail/${addedId}`,
    { tone: "success", message: "common:form.saved" },
    request,
    context,
  );
}

export default function AddMember() {
  const { t } = useTranslation(["member", "common"]);
  const { title, hasVip, defaultValue } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(memberFormSchema, useActionData<typeof action>(), defaultValue);
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <SaveForm form={form}>
        <MemberFields fields={fields} hasVip={hasVip} />
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

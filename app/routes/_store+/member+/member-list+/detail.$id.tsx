import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageLinks } from "~/components/page-links";
import { SaveForm } from "~/components/save-form";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { asRouteError, recordId } from "~/server/errors.server";
import { submitForm } from "~/server/forms.server";
import { can, requireCan } from "~/server/permissions.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { editMemberFormSchema, LIST_URL, MemberFields, memberFormValues } from "./__member-form";

export const handle: RouteHandle = { i18n: ["members"], parent: "/member/member-list" };
export const meta = titleMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "member:read");
  const { data: member } = await client
    .get_member_data_by_application_key_and_id({ application_key: store.applicationKey, id: recordId(params.id) })
    .catch(asRouteError);
  return {
    title: context.t("members:title.edit"),
    subtitle: `${member.member_code} · ${member.name}`,
    hasVip: store.plan?.hasVip ?? false,
    // The ledger's page says itself whether the store's setting has cash dollar on.
    cashDollarUrl: store.plan?.hasCashDollar ? `${LIST_URL}/cash-dollar-record/${member.id}` : null,
    defaultValue: memberFormValues(member),
    canWrite: can(user, "member:write"),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "member:write");
  const key = { application_key: store.applicationKey, id: recordId(params.id) };
  const submitted = await submitForm(await request.formData(), editMemberFormSchema, (value) =>
    client.update_member_data_by_application_key_and_id({ ...key, ...value }),
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(LIST_URL, { tone: "success", message: "common:form.saved" }, request, context);
}

export default function MemberDetail() {
  const { t } = useTranslation(["members", "common"]);
  const { title, subtitle, hasVip, cashDollarUrl, defaultValue, canWrite } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(editMemberFormSchema, useActionData<typeof action>(), defaultValue);
  return (
    <Page title={title} subtitle={subtitle} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <BlockStack gap="400">
        {cashDollarUrl && <PageLinks links={[{ content: t("cash-dollar.link"), url: cashDollarUrl }]} />}
        <SaveForm form={form} readOnly={!canWrite} version={fields.version}>
          <MemberFields fields={fields} hasVip={hasVip} />
        </SaveForm>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { redirectWithToast, requireConsole, signOut } from "~/server/auth.server";
import { recordId } from "~/server/errors.server";
import { submitForm } from "~/server/forms.server";
import { getRecordOr404 } from "~/server/records.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import {
  editProviderStaffFormSchema,
  LIST_URL,
  ProviderStaffFields,
  providerStaffFormValues,
  SECRET_FIELDS,
} from "./__provider-staff-form";

export const handle: RouteHandle = { i18n: ["provider-staff"], parent: "/worker-account-list" };
export const meta = titleMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, client } = await requireConsole(request, context);
  const account = await getRecordOr404(client, "internal_account_data", params.id);
  return {
    title: context.t("provider-staff:title.edit"),
    defaultValue: providerStaffFormValues(account),
    isSelf: account.id === user.accountId,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, client } = await requireConsole(request, context);
  const id = recordId(params.id);
  const submitted = await submitForm(
    await request.formData(),
    editProviderStaffFormSchema,
    ({ repeat_password: _repeat, ...account }) => client.update_internal_account_data_by_id({ id, ...account }),
    { hideFields: SECRET_FIELDS },
  );
  if (!submitted.saved) return submitted.reply;
  // A new password closes the account's sessions, this one included when it is your own.
  if (submitted.value.password && id === user.accountId) {
    return signOut(request, context, { tone: "success", message: "auth:password-reset-done" });
  }
  return redirectWithToast(LIST_URL, { tone: "success", message: "common:form.saved" }, request, context);
}

export default function EditProviderStaff() {
  const { t } = useTranslation(["provider-staff", "common"]);
  const { title, defaultValue, isSelf } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(editProviderStaffFormSchema, useActionData<typeof action>(), defaultValue);
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <SaveForm form={form} version={fields.version}>
        <ProviderStaffFields fields={fields} editing canDisable={!isSelf} />
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

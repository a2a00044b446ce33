import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { redirectWithToast, requireConsole } from "~/server/auth.server";
import { submitForm } from "~/server/forms.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { LIST_URL, ProviderStaffFields, providerStaffFormSchema, SECRET_FIELDS } from "./__provider-staff-form";

export const handle: RouteHandle = { i18n: ["provider-staff"], parent: "/worker-account-list" };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireConsole(request, context);
  return { title: context.t("provider-staff:title.add") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { client } = await requireConsole(request, context);
  const submitted = await submitForm(
    await request.formData(),
    providerStaffFormSchema,
    ({ repeat_password: _repeat, ...account }) => client.add_internal_account_data(account),
    { hideFields: SECRET_FIELDS },
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(LIST_URL, { tone: "success", message: "common:form.saved" }, request, context);
}

export default function AddProviderStaff() {
  const { t } = useTranslation(["provider-staff", "common"]);
  const { title } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(providerStaffFormSchema, useActionData<typeof action>());
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <SaveForm form={form}>
        <ProviderStaffFields fields={fields} editing={false} />
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

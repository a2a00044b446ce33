import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { redirectWithToast, requireConsole } from "~/server/auth.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { newStoreFormSchema, StoreFields } from "./__store-form";
import { useZodForm } from "~/utils/forms";
import { submitForm } from "~/server/forms.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";

export const handle: RouteHandle = { i18n: ["stores", "auth"], parent: "/staff-store-list" };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireConsole(request, context);
  return { title: context.t("stores:title.add-store") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { client } = await requireConsole(request, context);
  const submitted = await submitForm(
    await request.formData(),
    newStoreFormSchema,
    ({ repeat_password: _repeat, ...store }) => client.add_store_account_data(store),
    { hideFields: ["password", "repeat_password"] },
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(
    `/staff-store-list?q=${encodeURIComponent(submitted.value.store_name)}`,
    { tone: "success", message: "stores:store-created" },
    request,
    context,
  );
}

export default function AddStore() {
  const { t } = useTranslation();
  const { title } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(newStoreFormSchema, useActionData<typeof action>(), {
    accept_language: ["zh-HK"],
    accept_currency: ["HKD"],
  });
  return (
    <Page title={title} backAction={{ content: t("shell.back"), url: "/staff-store-list" }}>
      <SaveForm form={form}>
        <StoreFields variant="add" fields={fields} />
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

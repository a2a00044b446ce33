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
import { LIST_URL, NEW_PLAN_VALUES, PlanFields, planFormSchema } from "./__plan-form";

export const handle: RouteHandle = { i18n: ["plans"], parent: "/plan-list" };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireConsole(request, context);
  return { title: context.t("plans:title.add") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { client } = await requireConsole(request, context);
  const submitted = await submitForm(await request.formData(), planFormSchema, (plan) => client.add_plan_data(plan));
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(LIST_URL, { tone: "success", message: "common:form.saved" }, request, context);
}

export default function AddPlan() {
  const { t } = useTranslation(["plans", "common"]);
  const { title } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(planFormSchema, useActionData<typeof action>(), NEW_PLAN_VALUES);
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <SaveForm form={form}>
        <PlanFields fields={fields} editing={false} />
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

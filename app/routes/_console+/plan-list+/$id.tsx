import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { redirectWithToast, requireConsole } from "~/server/auth.server";
import { recordId } from "~/server/errors.server";
import { submitForm } from "~/server/forms.server";
import { getRecordOr404 } from "~/server/records.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { editPlanFormSchema, LIST_URL, PlanFields, planFormValues } from "./__plan-form";

export const handle: RouteHandle = { i18n: ["plans"], parent: "/plan-list" };
export const meta = titleMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { client } = await requireConsole(request, context);
  const plan = await getRecordOr404(client, "plan_data", params.id);
  return { title: context.t("plans:title.edit"), defaultValue: planFormValues(plan) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { client } = await requireConsole(request, context);
  const id = recordId(params.id);
  const submitted = await submitForm(await request.formData(), editPlanFormSchema, (plan) =>
    client.update_plan_data_by_id({ ...plan, id }),
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(LIST_URL, { tone: "success", message: "common:form.saved" }, request, context);
}

export default function EditPlan() {
  const { t } = useTranslation(["plans", "common"]);
  const { title, defaultValue } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(editPlanFormSchema, useActionData<typeof action>(), defaultValue);
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <SaveForm form={form} version={fields.version}>
        <PlanFields fields={fields} editing />
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

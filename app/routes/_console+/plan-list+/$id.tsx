import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { redirectWithToast, requireConsole } from "~/server/auth.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { editPlanSchema, PlanForm, planFormValues } from "~/routes/_console+/plan-list+/__plan-form";
import { submitForm } from "~/server/forms.server";
import { titleMeta } from "~/utils/meta";
import { getRecordOr404 } from "~/server/records.server";
import { recordId } from "~/server/errors.server";

export const handle = { i18n: ["plans"] };
export const meta = titleMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { client } = await requireConsole(request, context);
  const plan = await getRecordOr404(client, "plan_data", params.id);
  return { title: context.t("plans:title.edit"), defaultValue: planFormValues(plan) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { client } = await requireConsole(request, context);
  const id = recordId(params.id);
  const submitted = await submitForm(await request.formData(), editPlanSchema, (plan) =>
    client.update_plan_data_by_id({ ...plan, id }),
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast("/plan-list", { tone: "success", message: "common:form.saved" }, request, context);
}

export default function EditPlan() {
  const { title, defaultValue } = useLoaderData<typeof loader>();
  return <PlanForm title={title} lastResult={useActionData<typeof action>()} defaultValue={defaultValue} editing />;
}

export const ErrorBoundary = GeneralErrorBoundary;

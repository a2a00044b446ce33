import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { redirectWithToast, requireConsole } from "~/server/auth.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PlanForm, planSchema } from "~/routes/_console+/plan-list+/__plan-form";
import { submitForm } from "~/server/forms.server";
import { titleMeta } from "~/utils/meta";

export const handle = { i18n: ["plans"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireConsole(request, context);
  return { title: context.t("plans:title.add") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { client } = await requireConsole(request, context);
  const submitted = await submitForm(await request.formData(), planSchema, (plan) => client.add_plan_data(plan));
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast("/plan-list", { tone: "success", message: "common:form.saved" }, request, context);
}

export default function AddPlan() {
  const { title } = useLoaderData<typeof loader>();
  return <PlanForm title={title} lastResult={useActionData<typeof action>()} defaultValue={{ plan_type: "paid" }} />;
}

export const ErrorBoundary = GeneralErrorBoundary;

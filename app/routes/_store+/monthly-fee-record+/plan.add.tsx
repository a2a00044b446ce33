import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { submitForm } from "~/server/forms.server";
import { requireCan } from "~/server/permissions.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { PLAN_URL } from "./__monthly-fees";
import { NEW_PLAN_VALUES, PlanFields, planFormSchema } from "./__plan-form";

export const handle: RouteHandle = { i18n: ["monthly-fee"], parent: PLAN_URL };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireStore(request, context);
  requireCan(user, "monthly_fee:write");
  return { title: context.t("monthly-fee:title.add-plan") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "monthly_fee:write");
  const submitted = await submitForm(await request.formData(), planFormSchema, (value) =>
    client.add_monthly_fee_plan_data({ application_key: store.applicationKey, ...value }),
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(PLAN_URL, { tone: "success", message: "common:form.saved" }, request, context);
}

export default function AddMonthlyFeePlan() {
  const { t } = useTranslation(["monthly-fee", "common"]);
  const { title } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(planFormSchema, useActionData<typeof action>(), NEW_PLAN_VALUES);
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: PLAN_URL }}>
      <SaveForm form={form}>
        <PlanFields fields={fields} />
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AddRecordPage } from "~/components/record-pages";
import { addPageAction, addPageLoader } from "~/server/record-pages.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { PLAN_URL } from "./__monthly-fees";
import { NEW_PLAN_VALUES, PlanFields, planFormSchema } from "./__plan-form";

export const handle: RouteHandle = { i18n: ["monthly-fee"], parent: PLAN_URL };
export const meta = titleMeta;

export const loader = (args: LoaderFunctionArgs) =>
  addPageLoader(args, { module: "monthly_fee", title: "monthly-fee:title.add-plan" });

export const action = (args: ActionFunctionArgs) =>
  addPageAction(args, {
    module: "monthly_fee",
    schema: planFormSchema,
    add: (client, payload) => client.add_monthly_fee_plan_data(payload),
    addedUrl: PLAN_URL,
  });

export default function AddMonthlyFeePlan() {
  return (
    <AddRecordPage schema={planFormSchema} listUrl={PLAN_URL} newValues={NEW_PLAN_VALUES}>
      {(fields) => <PlanFields fields={fields} />}
    </AddRecordPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

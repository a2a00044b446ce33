import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { useTranslation } from "react-i18next";
import { localizedName } from "#contract/localized";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { EditRecordPage } from "~/components/record-pages";
import { editPageAction, editPageLoader } from "~/server/record-pages.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { PLAN_URL } from "./__monthly-fees";
import { editPlanFormSchema, PlanFields, planFormValues } from "./__plan-form";

export const handle: RouteHandle = { i18n: ["monthly-fee"], parent: PLAN_URL };
export const meta = titleMeta;

export const loader = (args: LoaderFunctionArgs) =>
  editPageLoader(args, {
    module: "monthly_fee",
    title: "monthly-fee:title.edit-plan",
    read: (client, key) => client.get_monthly_fee_plan_data_by_application_key_and_id(key),
    name: (plan, locale) => localizedName(plan, locale, "name"),
    values: planFormValues,
    consequence: "monthly-fee:delete-plan-consequence",
  });

export const action = (args: ActionFunctionArgs) =>
  editPageAction(args, {
    module: "monthly_fee",
    schema: editPlanFormSchema,
    update: (client, payload) => client.update_monthly_fee_plan_data_by_application_key_and_id(payload),
    remove: (client, key) => client.delete_monthly_fee_plan_data_by_application_key_and_id(key),
    listUrl: PLAN_URL,
    deleted: "monthly-fee:deleted-plan",
  });

export default function EditMonthlyFeePlan() {
  const { t } = useTranslation("monthly-fee");
  const { canWrite } = useLoaderData<typeof loader>();
  return (
    <EditRecordPage
      schema={editPlanFormSchema}
      listUrl={PLAN_URL}
      note={canWrite && <Banner tone="info">{t("help.edit-plan")}</Banner>}
    >
      {(fields) => <PlanFields fields={fields} />}
    </EditRecordPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

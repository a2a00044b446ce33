import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { localizedName } from "#contract/localized";
import { DELETE_INTENT, DeletableRecord, isConfirmingDelete } from "~/components/delete-record";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { asRouteError, recordId } from "~/server/errors.server";
import { deleteThenRedirect, submitForm } from "~/server/forms.server";
import { can, requireCan } from "~/server/permissions.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { PLAN_URL } from "./__monthly-fees";
import { editPlanFormSchema, PlanFields, planFormValues } from "./__plan-form";

export const handle: RouteHandle = { i18n: ["monthly-fee"], parent: PLAN_URL };
export const meta = titleMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "monthly_fee:read");
  const { data: plan } = await client
    .get_monthly_fee_plan_data_by_application_key_and_id({
      application_key: store.applicationKey,
      id: recordId(params.id),
    })
    .catch(asRouteError);
  const canWrite = can(user, "monthly_fee:write");
  return {
    title: context.t("monthly-fee:title.edit-plan"),
    name: localizedName(plan, context.locale, "name"),
    defaultValue: planFormValues(plan),
    canWrite,
    confirmingDelete: canWrite && isConfirmingDelete(request),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "monthly_fee:write");
  const key = { application_key: store.applicationKey, id: recordId(params.id) };
  const formData = await request.formData();
  if (formData.get("intent") === DELETE_INTENT) {
    return deleteThenRedirect(
      request,
      context,
      () => client.delete_monthly_fee_plan_data_by_application_key_and_id(key),
      { listUrl: PLAN_URL, deleted: "monthly-fee:deleted-plan" },
    );
  }
  const submitted = await submitForm(formData, editPlanFormSchema, (value) =>
    client.update_monthly_fee_plan_data_by_application_key_and_id({ ...key, ...value }),
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(PLAN_URL, { tone: "success", message: "common:form.saved" }, request, context);
}

export default function EditMonthlyFeePlan() {
  const { t } = useTranslation(["monthly-fee", "common"]);
  const { title, name, defaultValue, canWrite, confirmingDelete } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(editPlanFormSchema, useActionData<typeof action>(), defaultValue);
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: PLAN_URL }}>
      <BlockStack gap="400">
        <DeletableRecord
          name={name}
          consequence={t("delete-plan-consequence")}
          confirming={confirmingDelete}
          canDelete={canWrite}
        >
          {canWrite && <Banner tone="info">{t("help.edit-plan")}</Banner>}
          <SaveForm form={form} readOnly={!canWrite} version={fields.version}>
            <PlanFields fields={fields} />
          </SaveForm>
        </DeletableRecord>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { forms } from "#contract/actions";
import { redirectWithToast, requireConsole } from "~/server/auth.server";
import { CheckboxInput } from "~/components/choice-inputs";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { PurchasedPlanFields } from "./__purchased-plan-fields";
import { useZodForm } from "~/utils/forms";
import { submitForm } from "~/server/forms.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { asRouteError, httpError } from "~/server/errors.server";
import { localizedName } from "#contract/localized";

const schema = forms.edit_purchased_plan;

export const handle: RouteHandle = {
  i18n: ["stores"],
  parent: ({ appKey }) => `/staff-store-list/purchase-plan-record/${appKey}`,
};
export const meta = titleMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { client } = await requireConsole(request, context);
  const { data: records } = await client
    .get_purchased_plan_data_list_by_application_key({ application_key: params.appKey ?? "" })
    .catch(asRouteError);
  const purchase = records.find((record) => String(record.id) === params.purchasedPlanID);
  if (!purchase) throw httpError(404, "not-found");
  return {
    title: context.t("stores:title.edit-purchased-plan", {
      name: localizedName(purchase, context.locale, "plan_name"),
    }),
    purchase,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { client } = await requireConsole(request, context);
  const application_key = params.appKey ?? "";
  const submitted = await submitForm(await request.formData(), schema, (purchase) =>
    client.update_purchased_plan_data_by_application_key_and_id({
      application_key,
      id: Number(params.purchasedPlanID),
      ...purchase,
    }),
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(
    `/staff-store-list/purchase-plan-record/${application_key}`,
    { tone: "success", message: "common:form.saved" },
    request,
    context,
  );
}

export default function EditPurchasedPlan() {
  const { t } = useTranslation(["stores", "common"]);
  const { title, purchase } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(schema, useActionData<typeof action>(), {
    store_payment_id: purchase.store_payment_id,
    start_date: purchase.start_date,
    expiry_date: purchase.expiry_date,
    module_list: purchase.plan_data.module_list,
    disabled: purchase.disabled ? "on" : "",
    version: purchase.version,
  });
  const isTrial = purchase.plan_type === "trial";
  return (
    <Page
      title={title}
      backAction={{
        content: t("common:shell.back"),
        url: `/staff-store-list/purchase-plan-record/${purchase.application_key}`,
      }}
    >
      <SaveForm form={form} version={fields.version}>
        {isTrial && <input type="hidden" name="store_payment_id" value="trial" />}
        <PurchasedPlanFields fields={fields} isTrial={isTrial} />
        <Card>
          <CheckboxInput field={fields.disabled} label={t("field.disable-plan")} helpText={t("help.disable-plan")} />
        </Card>
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

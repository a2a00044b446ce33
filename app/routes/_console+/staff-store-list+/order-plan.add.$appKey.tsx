import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useSubmit } from "@remix-run/react";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Select } from "@shopify/polaris/build/esm/components/Select/Select.js";
import { useTranslation } from "react-i18next";
import { forms } from "#contract/actions";
import { hongKongDate } from "#contract/dates";
import { redirectWithToast, requireConsole } from "~/server/auth.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { PurchasedPlanFields } from "./__purchased-plan-fields";
import { TextInput } from "~/components/text-input";
import { useZodForm } from "~/utils/forms";
import { useTypedValue } from "~/utils/hydration";
import { submitForm } from "~/server/forms.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { asRouteError } from "~/server/errors.server";
import { localizedName } from "#contract/localized";

const schema = forms.order_plan;

export const handle: RouteHandle = {
  i18n: ["stores", "plan-order"],
  parent: ({ appKey }) => `/staff-store-list/purchase-plan-record/${appKey}`,
};
export const meta = titleMeta;

function addDays(date: string, days: number) {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The plan is chosen first (?plan=), so its modules and period fill the order form, with or without JS. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { client } = await requireConsole(request, context);
  const [store, catalogue] = await Promise.all([
    client.get_store_account_data_by_application_key({ application_key: params.appKey ?? "" }),
    client.get_plan_data_list_by_include_disabled({ include_disabled: false }),
  ]).catch(asRouteError);
  const chosenId = Number(new URL(request.url).searchParams.get("plan"));
  // The plan asked for, else the one the store has now, else the first on offer.
  const currentId = store.data.latest_plan?.plan_id;
  const plan =
    catalogue.data.find((candidate) => candidate.id === chosenId) ??
    catalogue.data.find((candidate) => candidate.id === currentId) ??
    catalogue.data[0] ??
    null;
  const today = hongKongDate(new Date(context.now()));
  return {
    title: context.t("stores:title.order-plan", { name: store.data.store_name }),
    plans: catalogue.data.map((candidate) => ({
      value: String(candidate.id),
      label: localizedName(candidate, context.locale, "name"),
    })),
    plan: plan && {
      id: plan.id,
      plan_type: plan.plan_type,
      defaults: {
        plan_id: String(plan.id),
        plan_type: plan.plan_type,
        store_payment_id: plan.plan_type === "trial" ? "trial" : "",
        start_date: today,
        expiry_date: addDays(today, plan.period_days),
        module_list: plan.module_list,
      },
    },
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { client } = await requireConsole(request, context);
  const application_key = params.appKey ?? "";
  const submitted = await submitForm(await request.formData(), schema, (purchase) =>
    client.add_purchased_plan_data({ application_key, ...purchase }),
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(
    `/staff-store-list/purchase-plan-record/${application_key}`,
    { tone: "success", message: "stores:plan-ordered" },
    request,
    context,
  );
}

type ChosenPlan = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["plan"]>;

function OrderForm({ plan }: { plan: ChosenPlan }) {
  const { t } = useTranslation(["stores", "plan-order"]);
  const [form, fields] = useZodForm(schema, useActionData<typeof action>(), plan.defaults);
  const isTrial = plan.plan_type === "trial";
  return (
    <SaveForm form={form} submitLabel={t("order-plan")}>
      <input type="hidden" name="plan_id" value={plan.id} />
      <input type="hidden" name="plan_type" value={plan.plan_type} />
      {isTrial && <input type="hidden" name="store_payment_id" value="trial" />}
      <PurchasedPlanFields fields={fields} isTrial={isTrial} />
      {!isTrial && (
        <Card>
          <TextInput
            field={fields.promotion_code}
            label={t("plan-order:field.promotion-code")}
            autoComplete="off"
            helpText={t("plan-order:help.promotion-code")}
          />
        </Card>
      )}
    </SaveForm>
  );
}

export default function OrderPlan() {
  const { t } = useTranslation(["stores", "common"]);
  const { title, plans, plan } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  // A plan chosen before the page hydrated stays chosen (a controlled select would put the server's back).
  const [chosen, setChosen, choiceId] = useTypedValue(plan ? String(plan.id) : "", "plan-choice");
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: "/staff-store-list" }}>
      <BlockStack gap="400">
        <Form noValidate method="get" onChange={(event) => submit(event.currentTarget)}>
          <Card>
            <InlineStack gap="300" blockAlign="end">
              <Select
                id={choiceId}
                name="plan"
                label={t("field.plan")}
                options={plans}
                value={chosen}
                onChange={setChosen}
              />
              <Button submit>{t("choose-plan")}</Button>
            </InlineStack>
          </Card>
        </Form>
        {plan ? <OrderForm key={plan.id} plan={plan} /> : <Banner tone="warning">{t("no-plans-to-order")}</Banner>}
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

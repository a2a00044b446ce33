import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { localizedName } from "#contract/localized";
import { formatHkd } from "#contract/money";
import { monthlyFeeSettingFields } from "#modules/monthly-fee/contract";
import { MONTHLY_FEE_PLAN_SORTS, MONTHLY_FEE_PLAN_STATUSES } from "#modules/monthly-fee/options";
import { version } from "#contract/parts";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPage, RowLink } from "~/components/list-page";
import { FormSection } from "~/components/form-section";
import { SearchFilter } from "~/components/list-filters";
import { QuerySelect } from "~/components/list-table";
import { SaveForm } from "~/components/save-form";
import { StatusBadge } from "~/components/status-badge";
import { TextInput } from "~/components/text-input";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { submitForm } from "~/server/forms.server";
import { can, requireCan } from "~/server/permissions.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { loadList } from "~/server/list-page.server";
import { titleMeta } from "~/utils/meta";
import { LIST_URL, PLAN_URL } from "./__monthly-fees";

const STATUS_FILTERS = ["all", ...MONTHLY_FEE_PLAN_STATUSES] as const;

/** The reminder days, saved over the version the card was loaded with. */
const settingFormSchema = z.object({ ...monthlyFeeSettingFields, version });

export const handle: RouteHandle = { i18n: ["monthly-fee"], parent: LIST_URL };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "monthly_fee:read");
  const key = { application_key: store.applicationKey };
  const [{ list, rows }, { data: setting }] = await Promise.all([
    loadList(
      {
        action: "get_monthly_fee_plan_data_and_total_number_by_sorting_and_limit",
        ns: "monthly-fee",
        sorts: MONTHLY_FEE_PLAN_SORTS,
        filters: { status: STATUS_FILTERS },
        payload: (query) => ({
          status: query.status === "all" ? undefined : query.status,
        }),
      },
      client,
      request,
      key,
    ),
    client.get_monthly_fee_setting_data_by_application_key(key),
  ]).catch(asRouteError);
  return {
    title: context.t("monthly-fee:title.plans"),
    plans: rows.map((plan) => ({
      id: plan.id,
      name: localizedName(plan, context.locale, "name"),
      days: plan.days,
      price: formatHkd(plan.price_cents),
      active: plan.active,
    })),
    setting: { reminder_days: String(setting.reminder_days), version: setting.version },
    list,
    canWrite: can(user, "monthly_fee:write"),
  };
}

/** The page's one form: the reminder days. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "monthly_fee:write");
  const submitted = await submitForm(await request.formData(), settingFormSchema, (value) =>
    client.update_monthly_fee_setting_data_by_application_key({ application_key: store.applicationKey, ...value }),
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(PLAN_URL, { tone: "success", message: "common:form.saved" }, request, context);
}

export default function MonthlyFeePlanList() {
  const { t } = useTranslation(["monthly-fee", "common"]);
  const { title, plans, setting, list, canWrite } = useLoaderData<typeof loader>();
  const { query } = list;
  return (
    <ListPage
      list={list}
      title={title}
      backAction={{ content: t("common:shell.back"), url: LIST_URL }}
      primaryAction={canWrite ? { content: t("add-plan"), url: `${PLAN_URL}/add` } : undefined}
      before={
        <>
          {canWrite ? (
            <ReminderSettingForm key={setting.version} />
          ) : (
            <FormSection title={t("setting.title")}>
              <Text as="p">{t("setting.current", { days: setting.reminder_days })}</Text>
            </FormSection>
          )}
        </>
      }
      filters={
        <>
          <SearchFilter placeholder={t("plan-search-placeholder")} />
          <QuerySelect
            name="status"
            label={t("filter.status")}
            value={query.status}
            options={STATUS_FILTERS.map((status) => ({
              value: status,
              label: status === "all" ? t("filter.all") : t(`plan-status.${status}`),
            }))}
          />
        </>
      }
      resourceName={{ singular: t("plan"), plural: t("plans") }}
      emptyText={t("no-plans")}
      columns={[
        { title: t("column.name"), cell: (plan) => <RowLink url={`${PLAN_URL}/${plan.id}`}>{plan.name}</RowLink> },
        { title: t("column.days"), amount: (plan) => String(plan.days) },
        { title: t("column.price"), amount: (plan) => plan.price },
        {
          title: t("column.status"),
          cell: (plan) => (
            <StatusBadge tone={plan.active ? "success" : undefined}>
              {plan.active ? t("plan-status.active") : t("plan-status.inactive")}
            </StatusBadge>
          ),
        },
      ]}
      rows={plans}
    />
  );
}

function ReminderSettingForm() {
  const { t } = useTranslation("monthly-fee");
  const { setting } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(settingFormSchema, useActionData<typeof action>(), setting);
  return (
    <FormSection title={t("setting.title")}>
      <SaveForm form={form} version={fields.version}>
        <TextInput
          field={fields.reminder_days}
          label={t("field.reminder-days")}
          helpText={t("help.reminder-days")}
          autoComplete="off"
        />
      </SaveForm>
    </FormSection>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

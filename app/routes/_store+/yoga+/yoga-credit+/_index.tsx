import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { courseSettingFields } from "#modules/course-setup/contract";
import { CREDIT_PACKAGE_SORTS, CREDIT_PACKAGE_STATUSES } from "#modules/course-setup/options";
import { localizedName } from "#contract/localized";
import { formatHkd } from "#contract/money";
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
import { LIST_URL } from "./__package-form";

const STATUS_FILTERS = ["all", ...CREDIT_PACKAGE_STATUSES] as const;

/** The late cancellation window, saved over the version the card was loaded with. */
const settingFormSchema = z.object({ ...courseSettingFields, version });

export const handle: RouteHandle = { i18n: ["course-setup"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "credit_package:read");
  const key = { application_key: store.applicationKey };
  const [{ list, rows }, { data: setting }] = await Promise.all([
    loadList(
      {
        action: "get_credit_package_data_and_total_number_by_sorting_and_limit",
        ns: "course-setup",
        sorts: CREDIT_PACKAGE_SORTS,
        filters: { status: STATUS_FILTERS },
        payload: (query) => ({
          status: query.status === "all" ? undefined : query.status,
        }),
      },
      client,
      request,
      key,
    ),
    client.get_course_setting_data_by_application_key(key),
  ]).catch(asRouteError);
  return {
    title: context.t("course-setup:title.packages"),
    packages: rows.map((creditPackage) => ({
      id: creditPackage.id,
      name: localizedName(creditPackage, context.locale, "name"),
      credits: creditPackage.credits,
      price: formatHkd(creditPackage.price_cents),
      validityDays: creditPackage.validity_days,
      validityStarts: creditPackage.validity_starts,
      onSale: creditPackage.on_sale,
    })),
    setting: { course_cancel_hours: String(setting.course_cancel_hours), version: setting.version },
    list,
    canWrite: can(user, "credit_package:write"),
  };
}

/** The page's one form: the late cancellation window. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "credit_package:write");
  const submitted = await submitForm(await request.formData(), settingFormSchema, (value) =>
    client.update_course_setting_data_by_application_key({ application_key: store.applicationKey, ...value }),
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(LIST_URL, { tone: "success", message: "common:form.saved" }, request, context);
}

export default function CreditPackageList() {
  const { t } = useTranslation(["course-setup", "common"]);
  const { title, packages, setting, list, canWrite } = useLoaderData<typeof loader>();
  const { query } = list;
  return (
    <ListPage
      list={list}
      title={title}
      primaryAction={canWrite ? { content: t("add-package"), url: `${LIST_URL}/add` } : undefined}
      before={
        <>
          {canWrite ? (
            <CourseSettingForm key={setting.version} />
          ) : (
            <FormSection title={t("setting.title")}>
              <Text as="p">{t("setting.current", { hours: setting.course_cancel_hours })}</Text>
            </FormSection>
          )}
        </>
      }
      filters={
        <>
          <SearchFilter placeholder={t("search-placeholder")} />
          <QuerySelect
            name="status"
            label={t("filter.status")}
            value={query.status}
            options={STATUS_FILTERS.map((status) => ({
              value: status,
              label: status === "all" ? t("filter.all") : t(`status.${status}`),
            }))}
          />
        </>
      }
      resourceName={{ singular: t("package"), plural: t("packages") }}
      emptyText={t("no-packages")}
      columns={[
        {
          title: t("column.name"),
          cell: (creditPackage) => (
            <RowLink url={`${LIST_URL}/detail/${creditPackage.id}`}>{creditPackage.name}</RowLink>
          ),
        },
        { title: t("column.credits"), amount: (creditPackage) => String(creditPackage.credits) },
        { title: t("column.price"), amount: (creditPackage) => creditPackage.price },
        {
          title: t("column.validity"),
          cell: (creditPackage) =>
            t("validity-days", {
              days: creditPackage.validityDays,
              start: t(`validity-start.${creditPackage.validityStarts}`),
            }),
        },
        {
          title: t("column.status"),
          cell: (creditPackage) => (
            <StatusBadge tone={creditPackage.onSale ? "success" : undefined}>
              {creditPackage.onSale ? t("status.on_sale") : t("status.off_sale")}
            </StatusBadge>
          ),
        },
      ]}
      rows={packages}
    />
  );
}

function CourseSettingForm() {
  const { t } = useTranslation("course-setup");
  const { setting } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(settingFormSchema, useActionData<typeof action>(), setting);
  return (
    <FormSection title={t("setting.title")}>
      <SaveForm form={form} version={fields.version}>
        <TextInput
          field={fields.course_cancel_hours}
          label={t("field.course-cancel-hours")}
          helpText={t("help.course-cancel-hours")}
          autoComplete="off"
        />
      </SaveForm>
    </FormSection>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

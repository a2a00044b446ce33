import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { requireConsole } from "~/server/auth.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { StatusBadge } from "~/components/status-badge";
import { ListPagination } from "~/components/list-pagination";
import { ListTable } from "~/components/list-table";
import { ListSort } from "~/components/list-sort";
import { PLAN_SORTS } from "~/utils/list-sorts.server";
import { asRouteError } from "~/server/errors.server";
import { pageCount } from "~/utils/list-params";
import { listPayload, readListQuery } from "~/utils/list-query.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { formatHkd } from "#contract/money";
import { localizedName } from "#contract/localized";

export const handle: RouteHandle = { i18n: ["plans"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { client } = await requireConsole(request, context);
  const query = readListQuery(new URL(request.url), { sorts: PLAN_SORTS });
  const { data, extra } = await client
    .get_plan_data_and_total_number_by_sorting_and_limit(listPayload(query))
    .catch(asRouteError);
  return {
    title: context.t("plans:title.list"),
    plans: data.map((plan) => ({
      id: plan.id,
      name: localizedName(plan, context.locale, "name"),
      planType: plan.plan_type,
      price: formatHkd(plan.price_cents),
      periodDays: plan.period_days,
      moduleCount: plan.module_list.length,
      disabled: plan.disabled,
    })),
    query,
    pageCount: pageCount(extra.total_number, query.pageSize),
  };
}

export default function PlanList() {
  const { t } = useTranslation(["plans", "common"]);
  const { title, plans, query, pageCount } = useLoaderData<typeof loader>();
  return (
    <Page title={title} primaryAction={{ content: t("add-plan"), url: "/plan-list/add" }}>
      <Card padding="0">
        <ListSort
          sort={query.sort}
          direction={query.direction}
          options={[
            { sort: "create_date", direction: "DESC", label: t("sort.newest") },
            { sort: "create_date", direction: "ASC", label: t("sort.oldest") },
            { sort: "name_en", direction: "ASC", label: t("sort.name-ascending") },
            { sort: "name_en", direction: "DESC", label: t("sort.name-descending") },
          ]}
        />
        <ListTable
          resourceName={{ singular: t("plan"), plural: t("plans") }}
          itemCount={plans.length}
          emptyText={t("no-plans")}
          headings={[
            { title: t("column.name") },
            { title: t("column.type") },
            { title: t("column.price"), alignment: "end" },
            { title: t("column.period"), alignment: "end" },
            { title: t("column.modules"), alignment: "end" },
            { title: t("column.status") },
          ]}
        >
          {plans.map((plan, index) => (
            <IndexTable.Row id={String(plan.id)} key={plan.id} position={index}>
              <IndexTable.Cell>
                <Link url={`/plan-list/${plan.id}`} dataPrimaryLink removeUnderline>
                  <Text as="span" fontWeight="semibold">
                    {plan.name}
                  </Text>
                </Link>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <StatusBadge tone={plan.planType === "trial" ? "attention" : "success"}>
                  {t(`plan-type.${plan.planType}`)}
                </StatusBadge>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" alignment="end" numeric>
                  {plan.price}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" alignment="end" numeric>
                  {t("period-days", { count: plan.periodDays })}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" alignment="end" numeric>
                  {plan.moduleCount}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>
                {plan.disabled && <StatusBadge tone="critical">{t("common:form.disabled")}</StatusBadge>}
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </ListTable>
      </Card>
      <ListPagination page={query.page} pageCount={pageCount} />
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

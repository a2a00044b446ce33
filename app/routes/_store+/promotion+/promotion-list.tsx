import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { formatHkd } from "#contract/money";
import { requireStore } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { can, requireCan } from "~/server/permissions.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { StatusBadge } from "~/components/status-badge";
import { ListPagination } from "~/components/list-pagination";
import { ListSort } from "~/components/list-sort";
import { ListFilters, ListTable, QuerySelect, QueryTextField } from "~/components/list-table";
import { pageCount } from "~/utils/list-params";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { STATUS_FILTERS } from "./__coupon-list-filters";
import { couponListPayload, couponListQuery } from "./__coupon-list-query.server";

export const handle: RouteHandle = { i18n: ["coupons"] };
export const meta = titleMeta;

const STATUS_TONES = {
  active: "success",
  scheduled: "info",
  expired: undefined,
  used_up: "warning",
  disabled: "critical",
} as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "promotion:read");
  const query = couponListQuery(new URL(request.url));
  const { data, extra } = await client
    .get_coupon_data_and_total_number_by_sorting_and_limit(couponListPayload(store.applicationKey, query))
    .catch(asRouteError);
  return {
    title: context.t("coupons:title.list"),
    coupons: data.map((coupon) => ({
      id: coupon.id,
      code: coupon.code,
      title: localizedName(coupon, context.locale, "title"),
      discount:
        coupon.discount_type === "percentage"
          ? context.t("coupons:discount.percentage", { value: coupon.percent_off })
          : context.t("coupons:discount.cash", { amount: formatHkd(coupon.cash_off_cents ?? 0) }),
      startsAt: hongKongTime(coupon.starts_at),
      expiresAt: hongKongTime(coupon.expires_at),
      used:
        coupon.usage_limit === null
          ? String(coupon.times_used)
          : context.t("coupons:used-of-limit", { used: coupon.times_used, limit: coupon.usage_limit }),
      status: coupon.status,
    })),
    query,
    filtered: Boolean(query.q) || query.status !== "all",
    pageCount: pageCount(extra.total_number, query.pageSize),
    canWrite: can(user, "promotion:write"),
  };
}

export default function CouponList() {
  const { t } = useTranslation(["coupons", "common"]);
  const { title, coupons, query, filtered, pageCount, canWrite } = useLoaderData<typeof loader>();
  return (
    <Page title={title} primaryAction={canWrite ? { content: t("add-coupon"), url: "/promotion/add" } : undefined}>
      <BlockStack gap="400">
        <Card>
          <ListFilters>
            <QueryTextField
              name="q"
              label={t("common:list.search")}
              value={query.q}
              placeholder={t("search-placeholder")}
            />
            <QuerySelect
              name="status"
              label={t("filter.status")}
              value={query.status}
              options={STATUS_FILTERS.map((option) => ({
                value: option,
                label: option === "all" ? t("filter.all-statuses") : t(`status.${option}`),
              }))}
            />
          </ListFilters>
        </Card>
        <Card padding="0">
          <ListSort
            sort={query.sort}
            direction={query.direction}
            options={[
              { sort: "create_date", direction: "DESC", label: t("sort.newest") },
              { sort: "create_date", direction: "ASC", label: t("sort.oldest") },
              { sort: "code", direction: "ASC", label: t("sort.code") },
              { sort: "starts_at", direction: "DESC", label: t("sort.starts-latest") },
              { sort: "expires_at", direction: "ASC", label: t("sort.expires-soonest") },
            ]}
          />
          <ListTable
            resourceName={{ singular: t("coupon"), plural: t("coupons") }}
            primaryColumn={1}
            itemCount={coupons.length}
            emptyText={filtered ? t("common:list.no-results") : t("no-coupons")}
            headings={[
              { title: t("column.code") },
              { title: t("column.title") },
              { title: t("column.discount") },
              { title: t("column.validity") },
              { title: t("column.used") },
              { title: t("column.status") },
            ]}
          >
            {coupons.map((coupon, index) => (
              <IndexTable.Row id={String(coupon.id)} key={coupon.id} position={index}>
                <IndexTable.Cell>
                  <Text as="span" numeric>
                    {coupon.code}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Link url={`/promotion/detail/${coupon.id}`} dataPrimaryLink removeUnderline>
                    <Text as="span" fontWeight="semibold">
                      {coupon.title}
                    </Text>
                  </Link>
                </IndexTable.Cell>
                <IndexTable.Cell>{coupon.discount}</IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" numeric>
                    {t("validity", { from: coupon.startsAt, to: coupon.expiresAt })}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" numeric>
                    {coupon.used}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <StatusBadge tone={STATUS_TONES[coupon.status]}>{t(`status.${coupon.status}`)}</StatusBadge>
                </IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </ListTable>
        </Card>
        <ListPagination page={query.page} pageCount={pageCount} />
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

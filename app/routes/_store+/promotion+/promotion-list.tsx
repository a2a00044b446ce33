import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { formatHkd } from "#contract/money";
import { requireStore } from "~/server/auth.server";
import { can, requireCan } from "~/server/permissions.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPage } from "~/components/list-page";
import { StatusBadge } from "~/components/status-badge";
import { ChoiceFilter, SearchFilter } from "~/components/list-filters";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { SOURCE_FILTERS, STATUS_FILTERS } from "./__coupon-list-filters";
import { couponList } from "./__coupon-list-query.server";

export const handle: RouteHandle = { i18n: ["promotion"] };
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
  const { list, rows } = await couponList.load(client, request, { application_key: store.applicationKey });
  return {
    title: context.t("promotion:title.list"),
    coupons: rows.map((coupon) => ({
      id: coupon.id,
      code: coupon.code,
      title: localizedName(coupon, context.locale, "title"),
      discount:
        coupon.discount_type === "percentage"
          ? context.t("promotion:discount.percentage", { value: coupon.percent_off })
          : context.t("promotion:discount.cash", { amount: formatHkd(coupon.cash_off_cents ?? 0) }),
      startsAt: hongKongTime(coupon.starts_at),
      expiresAt: hongKongTime(coupon.expires_at),
      used:
        coupon.usage_limit === null
          ? String(coupon.times_used)
          : context.t("promotion:used-of-limit", { used: coupon.times_used, limit: coupon.usage_limit }),
      status: coupon.status,
      birthday: coupon.source === "birthday",
    })),
    list,
    canWrite: can(user, "promotion:write"),
  };
}

export default function CouponList() {
  const { t } = useTranslation(["promotion", "common"]);
  const { title, coupons, list, canWrite } = useLoaderData<typeof loader>();
  return (
    <ListPage
      list={list}
      title={title}
      primaryAction={canWrite ? { content: t("add-coupon"), url: "/promotion/add" } : undefined}
      filters={
        <>
          <SearchFilter placeholder={t("search-placeholder")} />
          <ChoiceFilter
            name="status"
            label={t("filter.status")}
            choices={STATUS_FILTERS}
            all={t("filter.all-statuses")}
            choiceLabel={(option) => t(`status.${option}`)}
          />
          <ChoiceFilter
            name="source"
            label={t("filter.source")}
            choices={SOURCE_FILTERS}
            all={t("filter.all-sources")}
            choiceLabel={(option) => t(`source.${option}`)}
          />
        </>
      }
      resourceName={{ singular: t("coupon"), plural: t("coupons") }}
      primaryColumn={1}
      emptyText={t("no-coupons")}
      columns={[
        { title: t("column.code"), figure: (coupon) => coupon.code },
        {
          title: t("column.title"),
          cell: (coupon) => (
            <>
              <Link url={`/promotion/detail/${coupon.id}`} dataPrimaryLink removeUnderline>
                <Text as="span" fontWeight="semibold">
                  {coupon.title}
                </Text>
              </Link>
              {coupon.birthday && <StatusBadge tone="magic">{t("source.birthday")}</StatusBadge>}
            </>
          ),
        },
        { title: t("column.discount"), cell: (coupon) => coupon.discount },
        {
          title: t("column.validity"),
          figure: (coupon) => t("validity", { from: coupon.startsAt, to: coupon.expiresAt }),
        },
        { title: t("column.used"), figure: (coupon) => coupon.used },
        {
          title: t("column.status"),
          cell: (coupon) => (
            <StatusBadge tone={STATUS_TONES[coupon.status]}>{t(`status.${coupon.status}`)}</StatusBadge>
          ),
        },
      ]}
      rows={coupons}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

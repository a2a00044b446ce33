import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { hongKongTime } from "#contract/dates";
import { formatHkd } from "#contract/money";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPage, RowLink } from "~/components/list-page";
import { ChoiceFilter, DayRangeFilter, SearchFilter } from "~/components/list-filters";
import { StatusBadge } from "~/components/status-badge";
import { requireStore } from "~/server/auth.server";
import { can, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { LIST_URL, STATUS_FILTERS, STATUS_TONES } from "./__quotation-list-filters";
import { quotationList } from "./__quotation-list-query.server";

export const handle: RouteHandle = { i18n: ["quotation"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "quotation:read");
  const { list, rows } = await quotationList.load(client, request, { application_key: store.applicationKey });
  return {
    title: context.t("quotation:title.list"),
    quotations: rows.map((quotation) => ({
      id: quotation.id,
      number: quotation.number,
      customer: [quotation.company_name, quotation.contact_name].filter(Boolean).join(" · "),
      status: quotation.status,
      validUntil: quotation.valid_until,
      total: formatHkd(quotation.total_cents),
      createdAt: hongKongTime(quotation.create_date),
    })),
    list,
    canWrite: can(user, "quotation:write"),
  };
}

export default function QuotationList() {
  const { t } = useTranslation(["quotation", "common"]);
  const { title, quotations, list, canWrite } = useLoaderData<typeof loader>();
  return (
    <ListPage
      list={list}
      title={title}
      primaryAction={canWrite ? { content: t("add-quotation"), url: `${LIST_URL}/add` } : undefined}
      filters={
        <>
          <SearchFilter placeholder={t("search-placeholder")} />
          <ChoiceFilter
            name="status"
            label={t("filter.status")}
            choices={STATUS_FILTERS}
            all={t("filter.any-status")}
            choiceLabel={(option) => t(`status.${option}`)}
          />
          <DayRangeFilter
            from={{ name: "date_from", label: t("filter.date-from") }}
            to={{ name: "date_to", label: t("filter.date-to") }}
          />
        </>
      }
      resourceName={{ singular: t("quotation"), plural: t("quotations") }}
      emptyText={t("no-quotations")}
      columns={[
        {
          title: t("column.number"),
          cell: (quotation) => <RowLink url={`${LIST_URL}/detail/${quotation.id}`}>{quotation.number}</RowLink>,
        },
        { title: t("column.customer"), cell: (quotation) => quotation.customer },
        {
          title: t("column.status"),
          cell: (quotation) => (
            <StatusBadge tone={STATUS_TONES[quotation.status]}>{t(`status.${quotation.status}`)}</StatusBadge>
          ),
        },
        { title: t("column.valid-until"), figure: (quotation) => quotation.validUntil },
        { title: t("column.total"), amount: (quotation) => quotation.total },
        { title: t("column.create-date"), figure: (quotation) => quotation.createdAt },
      ]}
      rows={quotations}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

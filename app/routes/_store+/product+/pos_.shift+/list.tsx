import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { hongKongTime } from "#contract/dates";
import { formatHkd } from "#contract/money";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ChoiceFilter, DayRangeFilter } from "~/components/list-filters";
import { ListPage, RowLink } from "~/components/list-page";
import { StatusBadge } from "~/components/status-badge";
import { requireStore } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { namedChoices } from "~/server/locations.server";
import { requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { pageCount } from "~/utils/list-params";
import { titleMeta } from "~/utils/meta";
import { STATE_FILTERS } from "./__shift-list-filters";
import { shiftListPayload, shiftListQuery } from "./__shift-list-query.server";
import { SHIFT_URL, shiftLocationName, signedHkd } from "./__shift-parts";
import { POS_SHIFT_SORTS } from "#modules/pos-shift/options";

export const handle: RouteHandle = { i18n: ["pos-shift"], parent: SHIFT_URL };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "pos:read");
  const query = shiftListQuery(new URL(request.url));
  const { data, extra } = await client
    .get_pos_shift_data_and_total_number_by_sorting_and_limit(shiftListPayload(store.applicationKey, query))
    .catch(asRouteError);
  return {
    title: context.t("pos-shift:title.list"),
    locations: namedChoices(data.locations, context.locale),
    shifts: data.shifts.map((shift) => ({
      id: shift.id,
      state: shift.state,
      location: shiftLocationName(shift, context.locale) ?? context.t("pos-shift:location-deleted"),
      opened: hongKongTime(shift.opened_at),
      openedBy: shift.opened_by,
      closed: shift.closed_at === null ? "" : hongKongTime(shift.closed_at),
      float: formatHkd(shift.float_cents),
      expected: shift.expected_cash_cents === null ? "" : formatHkd(shift.expected_cash_cents),
      counted: shift.counted_cents === null ? "" : formatHkd(shift.counted_cents),
      overShort: shift.over_short_cents === null ? "" : signedHkd(shift.over_short_cents),
    })),
    list: {
      sortLabels: "pos-shift:sort",
      sorts: POS_SHIFT_SORTS,
      query,
      pageCount: pageCount(extra.total_number, query.pageSize),
      filtered: Boolean(query.opened_from || query.opened_to || query.location) || query.state !== "all",
    },
  };
}

export default function ShiftList() {
  const { t } = useTranslation(["pos-shift", "common"]);
  const { title, locations, shifts, list } = useLoaderData<typeof loader>();
  return (
    <ListPage
      list={list}
      title={title}
      filters={
        <>
          <ChoiceFilter
            name="state"
            label={t("filter.state")}
            choices={STATE_FILTERS}
            all={t("filter.all")}
            choiceLabel={(state) => t(`state.${state}`)}
          />
          {locations.length > 1 && (
            <ChoiceFilter
              name="location"
              label={t("filter.location")}
              choices={["all", ...locations.map((location) => location.value)]}
              all={t("filter.all-locations")}
              choiceLabel={(id) => locations.find((location) => location.value === id)?.label ?? id}
            />
          )}
          <DayRangeFilter
            from={{ name: "opened_from", label: t("filter.opened_from") }}
            to={{ name: "opened_to", label: t("filter.opened_to") }}
          />
        </>
      }
      resourceName={{ singular: t("shift"), plural: t("shifts") }}
      emptyText={t("no-shifts")}
      columns={[
        {
          title: t("column.shift"),
          cell: (shift) => <RowLink url={`${SHIFT_URL}/${shift.id}`}>{`#${shift.id}`}</RowLink>,
        },
        {
          title: t("column.opened"),
          cell: (shift) => (
            <>
              <Text as="span" numeric>
                {shift.opened}
              </Text>
              <Text as="span" tone="subdued">
                {` ${shift.openedBy}`}
              </Text>
            </>
          ),
        },
        { title: t("column.location"), cell: (shift) => shift.location },
        { title: t("column.closed"), figure: (shift) => shift.closed },
        {
          title: t("column.state"),
          cell: (shift) => (
            <StatusBadge tone={shift.state === "open" ? "attention" : undefined}>
              {t(`state.${shift.state}`)}
            </StatusBadge>
          ),
        },
        { title: t("column.float"), amount: (shift) => shift.float },
        { title: t("column.expected"), amount: (shift) => shift.expected },
        { title: t("column.counted"), amount: (shift) => shift.counted },
        { title: t("column.over-short"), amount: (shift) => shift.overShort },
      ]}
      rows={shifts}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

import { payloads } from "#contract/actions";
import { MEMBER_SORTS } from "#contract/members";
import { withoutRefusedFilters } from "~/utils/list-filters";
import { listPayload, readListQuery } from "~/utils/list-query.server";
import { BIRTHDAY_MONTH_FILTERS, CONSENT_FILTERS, DISABLED_FILTERS, LEVEL_FILTERS } from "./__member-list-filters";

const LIST_OPTIONS = {
  sorts: MEMBER_SORTS,
  filters: {
    level: LEVEL_FILTERS,
    birthday_month: BIRTHDAY_MONTH_FILTERS,
    marketing_consent: CONSENT_FILTERS,
    disabled: DISABLED_FILTERS,
  },
};

/** The member list's search, filters and order from its URL. */
export function memberListQuery(url: URL) {
  return readListQuery(url, LIST_OPTIONS);
}

export type MemberListQuery = ReturnType<typeof memberListQuery>;

/** The list call's payload for a store and a query. */
export function memberListPayload(applicationKey: string, query: MemberListQuery) {
  return withoutRefusedFilters(payloads.get_member_data_and_total_number_by_sorting_and_limit, {
    application_key: applicationKey,
    ...listPayload(query),
    level: query.level === "all" ? undefined : query.level,
    birthday_month: query.birthday_month === "all" ? undefined : Number(query.birthday_month),
    marketing_consent: query.marketing_consent === "all" ? undefined : query.marketing_consent === "yes",
    disabled: query.disabled === "all" ? undefined : query.disabled === "disabled",
  });
}

import { MEMBER_SORTS } from "#modules/member/options";
import { BIRTHDAY_MONTH_FILTERS, CONSENT_FILTERS, DISABLED_FILTERS, LEVEL_FILTERS } from "./__member-list-filters";
import { defineList } from "~/server/list-page.server";

/** The members list: its URL (search, filters, order), its action's payload, its page. */
export const memberList = defineList({
  action: "get_member_data_and_total_number_by_sorting_and_limit",
  ns: "member",
  sorts: MEMBER_SORTS,
  filters: {
    level: LEVEL_FILTERS,
    birthday_month: BIRTHDAY_MONTH_FILTERS,
    marketing_consent: CONSENT_FILTERS,
    disabled: DISABLED_FILTERS,
  },
  payload: (query) => ({
    level: query.level === "all" ? undefined : query.level,
    birthday_month: query.birthday_month === "all" ? undefined : Number(query.birthday_month),
    marketing_consent: query.marketing_consent === "all" ? undefined : query.marketing_consent === "yes",
    disabled: query.disabled === "all" ? undefined : query.disabled === "disabled",
  }),
});

/** The member list's search, filters and order from its URL. */
export const memberListQuery = (url: URL) => memberList.query(url);

/** The list call's payload for a store and a query. */
export const memberListPayload = (applicationKey: string, query: ReturnType<typeof memberListQuery>) =>
  memberList.payload(query, { application_key: applicationKey });

export type MemberListQuery = ReturnType<typeof memberListQuery>;

import type { MemberRecord } from "#modules/member/contract";
import type { ActionClient } from "~/server/action-client.server";
import { everyListed } from "~/server/spreadsheet.server";
import { memberListPayload, type MemberListQuery } from "./__member-list-query.server";

/** Every member the list's search and filters select, in the list's order, for an export. */
export function membersForExport(
  client: ActionClient,
  applicationKey: string,
  query: MemberListQuery,
): Promise<MemberRecord[]> {
  return everyListed((paging) =>
    client.get_member_data_and_total_number_by_sorting_and_limit({
      ...memberListPayload(applicationKey, query),
      ...paging,
    }),
  );
}

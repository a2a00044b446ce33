import type { AppLoadContext } from "@remix-run/cloudflare";
import { hongKongTime } from "#contract/dates";
import { LOG_DATA_TYPE_MODULES } from "#contract/options";
import type { StaffLogActor, StaffLogRecord } from "#modules/staff-log/contract";
import type { ActionClient } from "~/server/action-client.server";
import { asRouteError } from "~/server/errors.server";
import { describeChanges, describeRecord } from "~/server/log-entry.server";
import { everyListed } from "~/server/spreadsheet.server";
import { staffLogFilters, type StaffLogQuery } from "./__staff-log-query.server";

type Words = Pick<AppLoadContext, "t" | "locale">;

/** Who wrote an entry, as the store knows them: its staff by name, the store account and provider staff said so. */
export function actorName(entry: StaffLogRecord, actors: StaffLogActor[], { t }: Words): string {
  if (entry.actor_type === "console") return t("staff-log:who.console-person", { email: entry.actor_email });
  if (entry.actor_type === "store") return t("staff-log:who.store-person", { email: entry.actor_email });
  if (entry.actor_type === "customer") return t("staff-log:who.customer-person", { email: entry.actor_email });
  const staff = actors.find((actor) => actor.account_type === "store_staff" && actor.email === entry.actor_email);
  return staff ? t("staff-log:who.staff-person", { name: staff.name, email: staff.email }) : entry.actor_email;
}

/** An entry in words, in the page's language. */
export function entryInWords(entry: StaffLogRecord, actors: StaffLogActor[], words: Words) {
  const module = LOG_DATA_TYPE_MODULES[entry.data_type];
  return {
    id: entry.id,
    time: hongKongTime(entry.create_date),
    who: actorName(entry, actors, words),
    action: entry.action,
    module: module === null ? "" : words.t(`common:module.${module}`),
    record: describeRecord(entry, words.t, words.locale),
    recordId: entry.record_id,
    changes: describeChanges(entry, words.t, words.locale),
  };
}

export type EntryInWords = ReturnType<typeof entryInWords>;

/** Every entry the filters select, newest first (up to the exports' ceiling), in words. */
export async function entriesForExport(
  client: ActionClient,
  applicationKey: string,
  query: StaffLogQuery,
  words: Words,
): Promise<EntryInWords[]> {
  const filters = staffLogFilters(applicationKey, query);
  const [{ data: actors }, entries] = await Promise.all([
    client.get_staff_log_actor_data_list_by_application_key({ application_key: applicationKey }).catch(asRouteError),
    everyListed((paging) => client.get_staff_log_data_and_total_number_by_sorting_and_limit({ ...filters, ...paging })),
  ]);
  return entries.map((entry) => entryInWords(entry, actors, words));
}

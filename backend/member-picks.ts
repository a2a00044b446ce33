import { desc, eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { contains } from "./db/like";
import type { StoreScope, Values } from "./db/scope";
import { members } from "./db/schema";

/** A member as a record names it beside others (a coupon's or a push's members, a redeemer): id, code and name. */
export const memberPickFields = { id: members.id, memberCode: members.memberCode, name: members.name };

export const toMemberPick = (row: { id: number; memberCode: string; name: string }) => ({
  id: row.id,
  member_code: row.memberCode,
  name: row.name,
});

/** The members whose ids a link table's subquery selects, in their numbers' order. */
export const membersAmong = (store: StoreScope, ids: SQLWrapper) =>
  store.selectFields(members, memberPickFields, inArray(members.id, ids)).orderBy(members.memberNumber);

/** The members a form's member search offers: name, phone or code holding the keyword (none without one), newest first. */
export const memberMatchesQuery = (store: StoreScope, keyword: string | undefined, limit: number) =>
  store
    .selectFields(
      members,
      {
        id: members.id,
        name: members.name,
        memberCode: members.memberCode,
        phone: members.phone,
        email: members.email,
      },
      contains([members.name, members.phone, members.memberCode], keyword) ?? sql`0`,
    )
    .orderBy(desc(members.id))
    .limit(limit);

export const toMemberMatch = (member: Awaited<ReturnType<typeof memberMatchesQuery>>[number]) => ({
  id: member.id,
  name: member.name,
  member_code: member.memberCode,
  phone: member.phone ?? "",
  email: member.email,
});

/**
 * The members a record is for when its audience is "specific" (a coupon's, a push notification's), kept in a
 * link table of the record's and the member's ids: `link` is the table's row of the two.
 */
export function memberAudience<T extends SQLiteTable & { applicationKey: SQLiteColumn }>(
  table: T,
  columns: { record: SQLiteColumn; member: SQLiteColumn },
  link: (recordId: number | SQL, memberId: number) => Values<Omit<T["$inferInsert"], "applicationKey">>,
) {
  const linked = (store: StoreScope, recordId: number | SQL, chosen: { id: number }[]) =>
    chosen.length === 0
      ? []
      : [
          store.insert(
            table,
            chosen.map((member) => link(recordId, member.id)),
          ),
        ];
  return {
    /** The record's members, in their numbers' order. */
    of: (store: StoreScope, recordId: number) =>
      membersAmong(store, store.selectFields(table, { id: columns.member }, eq(columns.record, recordId))),
    /** The statements linking a new record (its id, or a subquery finding it) to `chosen`. */
    linked,
    /** The statements replacing the record's members with `chosen`. */
    replaced: (store: StoreScope, recordId: number, chosen: { id: number }[]) => [
      store.delete(table, eq(columns.record, recordId)),
      ...linked(store, recordId, chosen),
    ],
  };
}

/** The members as the log names them, by their codes. */
export const memberCodes = (picked: { memberCode: string }[]) => picked.map((member) => member.memberCode);

import { desc, inArray, sql, type SQLWrapper } from "drizzle-orm";
import { contains } from "./db/like";
import type { StoreScope } from "./db/scope";
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

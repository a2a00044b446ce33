import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Payload } from "../../contract/actions";
import type { CouponDetail, CouponRecord, CouponStatus } from "./contract";
import { basisPointsToPercent, COUPON_REDEMPTIONS_SHOWN, percentToBasisPoints } from "./contract";
import { withValue } from "../../contract/messages";
import {
  couponByCodeQuery,
  couponCheck,
  couponMemberQuery,
  couponRedeemedByQuery,
  couponStatus,
  type CouponRow,
} from "../../backend/coupons";
import { contains } from "../../backend/db/like";
import type { StoreScope } from "../../backend/db/scope";
import { couponMembers, couponRedemptions, coupons, members } from "../../backend/db/schema";
import { pagedRows } from "../../backend/db/sort";
import { nextVersion, rethrowStaleVersion } from "../../backend/db/version";
import { ActionError, found, notFound } from "../../backend/errors";
import { added, edited, type RecordName } from "../../backend/log";
import { memberAudience, memberCodes, memberPickFields, toMemberPick } from "../../backend/member-picks";
import { snakeCased } from "../../backend/records";
import { defineAction } from "../../backend/registry";
import { errorText, rethrowUniqueViolation } from "../../backend/unique";
import { requireOwnUploads, uploadsOf } from "../upload/actions";

type CouponFields = Omit<Payload<"add_coupon_data">, "application_key">;

const DATA_TYPE = "coupon_data";

const SORT_COLUMNS = {
  create_date: coupons.createdAt,
  code: coupons.code,
  starts_at: coupons.startsAt,
  expires_at: coupons.expiresAt,
} as const;

const UNIQUE_MESSAGES = {
  "coupon.application_key, coupon.code": { message: "coupon-code-used", field: "code" },
} as const;

function toColumns(input: CouponFields) {
  return {
    titleZhHk: input.title_zh_hk,
    titleEn: input.title_en ?? "",
    code: input.code,
    description: input.description,
    imageUrl: input.image_url ?? null,
    usage: input.usage,
    audience: input.audience,
    discountType: input.discount_type,
    discountValue:
      (input.discount_type === "percentage"
        ? input.percent_off && percentToBasisPoints(input.percent_off)
        : input.cash_off_cents) ?? 0,
    startsAt: input.starts_at,
    expiresAt: input.expires_at,
    minimumSubtotalCents: input.minimum_subtotal_cents,
    usageLimit: input.usage_limit ?? null,
    disabled: input.disabled,
  };
}

const toRecord = (row: CouponRow, now: Date): CouponRecord =>
  snakeCased(row, {
    omit: ["applicationKey", "discountValue", "issuedFor", "birthdayMemberId", "createdAt"],
    add: {
      percent_off: row.discountType === "percentage" ? basisPointsToPercent(row.discountValue) : null,
      cash_off_cents: row.discountType === "cash" ? row.discountValue : null,
      status: couponStatus(row, now),
      create_date: row.createdAt,
    },
  });

/** The fields as the log keeps them (members by their codes). */
function toLogged(columns: ReturnType<typeof toColumns>, memberCodes: string[]) {
  return {
    title_zh_hk: columns.titleZhHk,
    title_en: columns.titleEn,
    code: columns.code,
    description: columns.description,
    image_url: columns.imageUrl,
    usage: columns.usage,
    audience: columns.audience,
    discount_type: columns.discountType,
    percent_off: columns.discountType === "percentage" ? basisPointsToPercent(columns.discountValue) : null,
    cash_off_cents: columns.discountType === "cash" ? columns.discountValue : null,
    starts_at: columns.startsAt,
    expires_at: columns.expiresAt,
    minimum_subtotal_cents: columns.minimumSubtotalCents,
    usage_limit: columns.usageLimit,
    disabled: columns.disabled,
    members: memberCodes.join(", "),
  };
}

const namesOf = (columns: { titleZhHk: string; titleEn: string }): RecordName => ({
  zhHk: columns.titleZhHk,
  en: columns.titleEn || columns.titleZhHk,
});

/** The list's status filter, the rule of couponStatus in SQL. */
function statusFilter(status: CouponStatus | undefined, now: Date): SQL | undefined {
  const at = now.toISOString();
  const running = and(eq(coupons.disabled, false), lte(coupons.startsAt, at), gt(coupons.expiresAt, at));
  const usedUp = and(isNotNull(coupons.usageLimit), sql`${coupons.timesUsed} >= ${coupons.usageLimit}`);
  switch (status) {
    case "disabled":
      return eq(coupons.disabled, true);
    case "scheduled":
      return and(eq(coupons.disabled, false), gt(coupons.startsAt, at));
    case "expired":
      return and(eq(coupons.disabled, false), lte(coupons.startsAt, at), lte(coupons.expiresAt, at));
    case "used_up":
      return and(running, usedUp);
    case "active":
      return and(running, or(isNull(coupons.usageLimit), lt(coupons.timesUsed, coupons.usageLimit)));
    default:
      return undefined;
  }
}

const couponById = (store: StoreScope, id: number) => store.select(coupons, eq(coupons.id, id)).limit(1);

const audience = memberAudience(
  couponMembers,
  { record: couponMembers.couponId, member: couponMembers.memberId },
  (couponId, memberId) => ({ couponId, memberId }),
);

/** The coupon's newest redemptions. */
const redemptionsOf = (store: StoreScope, id: number) =>
  store
    .select(couponRedemptions, eq(couponRedemptions.couponId, id))
    .orderBy(desc(couponRedemptions.createdAt), desc(couponRedemptions.id))
    .limit(COUPON_REDEMPTIONS_SHOWN);

const MEMBER_CODE = /^M(\d{1,9})$/i;

/** The store's members a list of codes (M00001), phones or e-mails names. */
export const membersByKeys = (store: StoreScope, keys: string[]) =>
  store.selectFields(
    members,
    { ...memberPickFields, memberNumber: members.memberNumber, phone: members.phone, email: members.email },
    or(
      inArray(members.memberNumber, [0, ...keys.flatMap((key) => MEMBER_CODE.exec(key)?.[1] ?? []).map(Number)]),
      inArray(members.phone, ["", ...keys]),
      inArray(members.email, ["", ...keys.map((key) => key.toLowerCase())]),
    ),
  );

type KeyedMember = Awaited<ReturnType<typeof membersByKeys>>[number];

/** Each key's member, in the order typed; an unknown key is the members field's error. */
export function resolveMembers(keys: string[], found: KeyedMember[]) {
  const resolved = keys.map((key) => {
    const number = MEMBER_CODE.exec(key)?.[1];
    return found.find(
      (member) =>
        (number !== undefined && member.memberNumber === Number(number)) ||
        member.phone === key ||
        member.email === key.toLowerCase(),
    );
  });
  const unknown = keys.filter((_, index) => !resolved[index]);
  if (unknown.length > 0) {
    throw new ActionError(400, "invalid-payload", {
      members: unknown.map((key) => withValue("member-not-found", key)),
    });
  }
  return [...new Map(resolved.map((member) => [member!.id, member!])).values()];
}

export const couponActions = [
  defineAction(
    "get_coupon_data_and_total_number_by_sorting_and_limit",
    "store:promotion:read",
    async (input, { store, now }) => {
      const where = and(
        contains([coupons.titleZhHk, coupons.titleEn, coupons.code], input.keyword),
        statusFilter(input.status, now),
        input.source === undefined ? undefined : eq(coupons.source, input.source),
      );
      return pagedRows(store, input, coupons, where, SORT_COLUMNS[input.sorting], (row) => toRecord(row, now));
    },
  ),

  defineAction("get_coupon_data_by_application_key_and_id", "store:promotion:read", {
    reads: ({ id }, { store }) =>
      [
        couponById(store, id),
        audience.of(store, id),
        redemptionsOf(store, id),
        store.selectFields(
          members,
          memberPickFields,
          inArray(
            members.id,
            store
              .selectFields(couponRedemptions, { id: couponRedemptions.memberId }, eq(couponRedemptions.couponId, id))
              .orderBy(desc(couponRedemptions.createdAt), desc(couponRedemptions.id))
              .limit(COUPON_REDEMPTIONS_SHOWN),
          ),
        ),
      ] as const,
    handler: async (_input, { now }, [rows, memberRows, redemptions, redeemers]): Promise<CouponDetail> => {
      const redeemer = new Map(redeemers.map((row) => [row.id, toMemberPick(row)]));
      return {
        ...toRecord(found(rows), now),
        members: memberRows.map(toMemberPick),
        redemptions: redemptions.map((row) => ({
          id: row.id,
          member: row.memberId === null ? null : (redeemer.get(row.memberId) ?? null),
          order_id: row.orderId,
          discount_cents: row.discountCents,
          create_date: row.createdAt,
        })),
      };
    },
  }),

  defineAction("add_coupon_data", "store:promotion:write", {
    reads: ({ image_url, members: keys }, { store }) =>
      [uploadsOf(store, [image_url]), membersByKeys(store, keys)] as const,
    handler: async ({ application_key: _key, ...input }, { store, caller, now }, [upload, keyed]) => {
      requireOwnUploads({ image_url: input.image_url }, upload);
      const chosen = input.audience === "specific" ? resolveMembers(input.members, keyed) : [];
      const columns = toColumns(input);
      // The code is unique in the store: it finds the new row whatever else the batch or others insert.
      const addedId = sql`(select ${coupons.id} from ${coupons} where ${store.where(coupons, sql`${coupons.code} = ${columns.code} COLLATE NOCASE`)})`;
      const [[inserted]] = await store
        .batch([
          store.insert(coupons, [columns]).returning({ id: coupons.id }),
          ...audience.linked(store, addedId, chosen),
          store.log(caller, now, added(DATA_TYPE, namesOf(columns), toLogged(columns, memberCodes(chosen)), addedId)),
        ])
        .catch((error: unknown) => rethrowUniqueViolation(error, UNIQUE_MESSAGES));
      return { id: inserted.id };
    },
  }),

  defineAction("update_coupon_data_by_application_key_and_id", "store:promotion:write", {
    reads: ({ id, image_url, members: keys }, { store }) =>
      [
        couponById(store, id),
        audience.of(store, id),
        uploadsOf(store, [image_url]),
        membersByKeys(store, keys),
      ] as const,
    handler: async (
      { application_key: _key, id, version, ...input },
      { store, caller, now },
      [rows, before, upload, keyed],
    ) => {
      const row = found(rows);
      requireOwnUploads({ image_url: input.image_url }, upload);
      const chosen = input.audience === "specific" ? resolveMembers(input.members, keyed) : [];
      const columns = toColumns(input);
      await store
        .batch([
          store.update(coupons, { ...columns, version: nextVersion(coupons.version, version) }, eq(coupons.id, id)),
          ...audience.replaced(store, id, chosen),
          store.log(
            caller,
            now,
            edited(
              DATA_TYPE,
              id,
              namesOf(columns),
              toLogged(row, memberCodes(before)),
              toLogged(columns, memberCodes(chosen)),
            ),
          ),
        ])
        .catch((error: unknown) => {
          // A limit below the uses already made: the CHECK refuses it, beside the field.
          if (errorText(error).includes("coupon_usage_within_limit")) {
            throw new ActionError(400, "invalid-payload", {
              usage_limit: [withValue("minimum-number", Math.max(row.timesUsed - 1, 0))],
            });
          }
          rethrowStaleVersion(error);
        })
        .catch((error: unknown) => rethrowUniqueViolation(error, UNIQUE_MESSAGES));
      return null;
    },
  }),

  // A used coupon keeps its redemptions, which refer to it (no ON DELETE CASCADE): disable it instead.
  defineAction("delete_coupon_data_by_application_key_and_id", "store:promotion:write", {
    reads: ({ id }, { store }) => [couponById(store, id)] as const,
    handler: async ({ id }, { store, caller, now }, [rows]) => {
      const row = found(rows);
      if (row.timesUsed > 0) throw new ActionError(409, "coupon-in-use");
      await store
        .batch([
          store.delete(coupons, eq(coupons.id, id)),
          store.log(caller, now, {
            action: "delete",
            dataType: DATA_TYPE,
            recordId: id,
            recordName: namesOf(row),
            before: { code: row.code, title_zh_hk: row.titleZhHk },
            after: null,
          }),
        ])
        .catch((error: unknown) => {
          if (errorText(error).includes("FOREIGN KEY constraint failed")) throw new ActionError(409, "coupon-in-use");
          throw error;
        });
      return null;
    },
  }),

  defineAction("get_coupon_check_data_by_application_key", "store:promotion:read", {
    reads: ({ code, member_id }, { store }) =>
      [
        couponByCodeQuery(store, code),
        store.selectFields(members, { id: members.id }, eq(members.id, member_id ?? 0)).limit(1),
        couponMemberQuery(store, code, member_id ?? 0),
        couponRedeemedByQuery(store, code, member_id ?? 0),
      ] as const,
    handler: async ({ member_id, subtotal_cents, uses_cash_dollar }, { now }, [[row], member, allowed, used]) => {
      if (member_id !== undefined && member.length === 0) throw notFound();
      const check = couponCheck(row, {
        memberId: member_id ?? null,
        memberAllowed: allowed.length > 0,
        alreadyUsedByMember: used.length > 0,
        subtotalCents: subtotal_cents,
        usesCashDollar: uses_cash_dollar,
        now,
      });
      return check.ok
        ? { usable: true, discount_cents: check.discountCents }
        : { usable: false, message: check.message };
    },
  }),
];

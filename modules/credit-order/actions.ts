import { and, asc, count, eq, getTableColumns, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { emailTexts } from "../../backend/locales.generated";
import {
  MAX_MEMBER_CHOICES,
  type CreatedCreditOrder,
  type CreditOrderDetail,
  type CreditOrderRecord,
  type CreditOrderStaffMove,
  type CreditPackageChoice,
} from "./contract";
import { hongKongDayStart } from "../../contract/dates";
import { withValue } from "../../contract/messages";
import { formatHkd } from "../../contract/money";
import { PAYMENT_METHODS } from "../../contract/options";
import { mayRefund } from "../../contract/permissions";
import type { Caller } from "../../backend/caller";
import { paymentMethodRefusal } from "../../backend/checkout";
import { contains } from "../../backend/db/like";
import { forStore, type StoreScope } from "../../backend/db/scope";
import { creditOrderPaymentReference } from "../../backend/payment-reference";
import {
  creditOrders,
  creditPackages,
  memberCredits,
  members,
  storeAccounts,
  storeSettings,
} from "../../backend/db/schema";
import { pagedList } from "../../backend/db/sort";
import { nextVersion, rethrowStaleVersion } from "../../backend/db/version";
import { ActionError, found } from "../../backend/errors";
import type { RecordName } from "../../backend/log";
import {
  bucketHitsRead,
  isAnyFull,
  isRateLimitRefusal,
  publicRequestBuckets,
  rateLimitedError,
  rateLimitHitStatements,
  refuseCountedAgainst,
} from "../../backend/rate-limit";
import { snakeCased } from "../../backend/records";
import { defineAction, type PublicClient } from "../../backend/registry";
import { refuseClosedWebsite, storeWebsiteReads } from "../../backend/store-website";
import { errorText } from "../../backend/unique";
import { payLinkFor } from "../../backend/pay-link";
import { sendPayLink } from "../../backend/pay-link-mail";
import { paymentMethodsOf } from "../setting/actions";
import { storeUpload } from "../upload/actions";

const { en, "zh-HK": zhHK } = emailTexts;

type CreditOrderRow = typeof creditOrders.$inferSelect;
type PackageRow = typeof creditPackages.$inferSelect;
type CreditOrderStatus = CreditOrderRow["status"];

const DATA_TYPE = "credit_order_data";

/**
 * Website credit orders per store and per store and client address, within the rate-limit window (an hour).
 * The store's ceiling holds a busy evening (several hundred an hour, from many visitors) several times
 * over, in each of its two buckets (with its website key and without: backend/rate-limit.ts).
 */
export const ONLINE_CREDIT_ORDERS_PER_STORE = 2000;
export const ONLINE_CREDIT_ORDERS_PER_CLIENT = 10;

const SORT_COLUMNS = { create_date: creditOrders.createdAt, price: creditOrders.priceCents } as const;

/** The statuses each staff move starts from; paid → cancelled only while none of its credits is used. */
const MOVES_FROM: Record<CreditOrderStatus, readonly CreditOrderStaffMove[]> = {
  awaiting_payment: ["paid", "cancelled"],
  unverified_payment: ["paid", "awaiting_payment", "cancelled"],
  paid: ["cancelled"],
  cancelled: [],
  refunded: [],
};

/** The member's name, code and phone beside each order: one lookup by the member's key per row. */
const memberField = <K extends "name" | "memberCode" | "phone">(store: StoreScope, column: K) =>
  sql<
    (typeof members.$inferSelect)[K]
  >`(select ${members[column]} from ${members} where ${store.where(members, eq(members.id, creditOrders.memberId))})`;

const orderFields = (store: StoreScope) => ({
  ...getTableColumns(creditOrders),
  memberName: memberField(store, "name"),
  memberCode: memberField(store, "memberCode"),
  memberPhone: memberField(store, "phone"),
});

type ListedRow = CreditOrderRow & { memberName: string; memberCode: string; memberPhone: string | null };

const toRecord = (row: ListedRow): CreditOrderRecord =>
  snakeCased(row, { omit: ["applicationKey", "idempotencyKey", "createdAt"], add: { create_date: row.createdAt } });

const toPackageChoice = (row: PackageRow): CreditPackageChoice => ({
  id: row.id,
  name_zh_hk: row.nameZhHk,
  name_en: row.nameEn,
  credits: row.credits,
  price_cents: row.priceCents,
  validity_days: row.validityDays,
  validity_starts: row.validityStarts,
});

const orderName = (order: Pick<CreditOrderRow, "id" | "packageNameZhHk" | "packageNameEn">): RecordName => ({
  zhHk: `#${order.id} ${order.packageNameZhHk}`,
  en: `#${order.id} ${order.packageNameEn || order.packageNameZhHk}`,
});

const logged = (row: Partial<CreditOrderRow>) => ({
  status: row.status,
  payment_status: row.paymentStatus,
  received_cents: row.receivedCents,
  payment_method: row.paymentMethod,
  price_cents: row.priceCents,
  note: row.note,
});

function orderLog(
  store: StoreScope,
  caller: Caller,
  now: Date,
  before: CreditOrderRow,
  after: Partial<CreditOrderRow>,
) {
  return store.log(caller, now, {
    action: "edit",
    dataType: DATA_TYPE,
    recordId: before.id,
    recordName: orderName(before),
    before: logged(before),
    after: logged({ ...before, ...after }),
  });
}

const orderById = (store: StoreScope, id: number) =>
  store.selectFields(creditOrders, orderFields(store), eq(creditOrders.id, id)).limit(1);
const creditOf = (store: StoreScope, orderId: number) =>
  store.select(memberCredits, eq(memberCredits.creditOrderId, orderId)).limit(1);
const orderOfSubmission = (store: StoreScope, idempotencyKey: string) =>
  store
    .selectFields(
      creditOrders,
      { id: creditOrders.id, status: creditOrders.status, priceCents: creditOrders.priceCents },
      eq(creditOrders.idempotencyKey, idempotencyKey),
    )
    .limit(1);
const packageOnSale = (store: StoreScope, id: number) =>
  store.select(creditPackages, eq(creditPackages.id, id), eq(creditPackages.onSale, true)).limit(1);

const toCreated = (row: { id: number; status: CreditOrderStatus; priceCents: number }): CreatedCreditOrder => ({
  id: row.id,
  status: row.status,
  price_cents: row.priceCents,
});

/** Part of the member's name, phone or code, or of the package's name (either language). */
function keywordMatch(store: StoreScope, keyword: string | undefined): SQL | undefined {
  if (!keyword) return undefined;
  return or(
    contains([creditOrders.packageNameZhHk, creditOrders.packageNameEn], keyword),
    inArray(
      creditOrders.memberId,
      store.selectFields(
        members,
        { id: members.id },
        contains([members.name, members.phone, members.memberCode], keyword),
      ),
    ),
  );
}

/** A credit is used once any of it was spent (a booking took some). */
/** What the member still owes by a pay link: the price of an order awaiting payment; null otherwise. */
const owedCents = (order: Pick<CreditOrderRow, "status" | "priceCents">) =>
  order.status === "awaiting_payment" && order.priceCents > 0 ? order.priceCents : null;

/** The e-mail of the order's member. */
const memberEmailOf = (store: StoreScope, orderId: number) =>
  store
    .selectFields(
      members,
      { email: members.email },
      eq(
        members.id,
        sql`(select ${creditOrders.memberId} from ${creditOrders} where ${store.where(creditOrders, eq(creditOrders.id, orderId))})`,
      ),
    )
    .limit(1);

const isUsed = (credit: { creditsRemaining: number; creditsGranted: number } | undefined) =>
  credit !== undefined && credit.creditsRemaining < credit.creditsGranted;

function allowedMoves(status: CreditOrderStatus, used: boolean): CreditOrderStaffMove[] {
  return MOVES_FROM[status].filter((to) => !(status === "paid" && to === "cancelled" && used));
}

/**
 * The cancellation of a paid order holds only while none of its credits is used, checked by the update
 * itself: a booking made after the read makes the new status NULL, which NOT NULL refuses (the whole batch).
 */
const cancelledUnlessUsed = (store: StoreScope, orderId: number) =>
  sql<CreditOrderStatus>`case when exists (select 1 from ${memberCredits} where ${store.where(
    memberCredits,
    eq(memberCredits.creditOrderId, orderId),
    sql`${memberCredits.creditsRemaining} < ${memberCredits.creditsGranted}`,
  )}) then null else 'cancelled' end`;

function rethrowMoveRefused(error: unknown): never {
  if (/NOT NULL constraint failed: credit_order\.status/.test(errorText(error))) {
    throw new ActionError(409, "credits-already-used");
  }
  return rethrowStaleVersion(error);
}

const isReplay = (error: unknown) =>
  /UNIQUE constraint failed: credit_order\.application_key, credit_order\.idempotency_key/.test(errorText(error));

/** The order's columns from the package as sold now, for a new order. */
function orderColumns(pack: PackageRow, input: { idempotency_key: string; member_id: number }) {
  return {
    idempotencyKey: input.idempotency_key,
    memberId: input.member_id,
    packageId: pack.id,
    packageNameZhHk: pack.nameZhHk,
    packageNameEn: pack.nameEn,
    credits: pack.credits,
    validityDays: pack.validityDays,
    validityStarts: pack.validityStarts,
    priceCents: pack.priceCents,
  };
}

/** The member's e-mail about their payment, in Chinese then English, as orders' payment e-mails are. */
function paymentEmail(
  order: CreditOrderRow,
  to: string,
  storeName: string,
  verdict: "verified" | "rejected",
  reason: string | null,
) {
  const fill = (template: string, packageName: string) =>
    template
      .replaceAll("{{number}}", `#${order.id}`)
      .replaceAll("{{store}}", storeName)
      .replaceAll("{{package}}", packageName)
      .replaceAll("{{reason}}", reason ?? "");
  const key = verdict === "verified" ? "credit-order-payment-verified-body" : "credit-order-payment-rejected-body";
  const englishName = order.packageNameEn || order.packageNameZhHk;
  return {
    to,
    subject: `${fill(zhHK["credit-order-payment-subject"], order.packageNameZhHk)} / ${fill(en["credit-order-payment-subject"], englishName)}`,
    text: `${fill(zhHK[key], order.packageNameZhHk)}\n\n----\n\n${fill(en[key], englishName)}`,
  };
}

const onlineBuckets = (applicationKey: string, client: PublicClient) =>
  publicRequestBuckets("credit_order", applicationKey, client, {
    perStore: ONLINE_CREDIT_ORDERS_PER_STORE,
    perClient: ONLINE_CREDIT_ORDERS_PER_CLIENT,
  });

/** Writes a new order with the caller's statements; a submission that raced its replay answers the first one. */
async function createOrder(
  store: StoreScope,
  idempotencyKey: string,
  insert: ReturnType<typeof insertOrder>,
  alongside: Parameters<StoreScope["batch"]>[0][number][],
): Promise<CreatedCreditOrder> {
  try {
    const [[created]] = await store.batch([insert, ...alongside]);
    return toCreated(created);
  } catch (error) {
    if (isRateLimitRefusal(error)) throw rateLimitedError();
    if (!isReplay(error)) throw error;
    return toCreated(found(await orderOfSubmission(store, idempotencyKey)));
  }
}

function insertOrder(store: StoreScope, columns: Omit<typeof creditOrders.$inferInsert, "applicationKey">) {
  return store
    .insert(creditOrders, [columns])
    .returning({ id: creditOrders.id, status: creditOrders.status, priceCents: creditOrders.priceCents });
}

/**
 * A customer's proof of payment of a credit order awaiting it (the payment link's page), for the caller's batch:
 * the order moves to `unverified_payment` by `method` with the proof's images, over the version it was read at
 * (a move meanwhile makes the version NULL, which NOT NULL refuses: rethrowStaleVersion reads it), as a
 * website purchase sent with a proof is made.
 */
export function creditOrderProofStatements(
  store: StoreScope,
  order: Pick<CreditOrderRow, "id" | "version">,
  { method, stored }: { method: CreditOrderRow["paymentMethod"]; stored: Awaited<ReturnType<typeof storeUpload>>[] },
) {
  return [
    store.update(
      creditOrders,
      {
        status: "unverified_payment",
        paymentMethod: method,
        // A new proof after a rejected one (its payment `failed`) is a new payment, not yet verified.
        paymentStatus: "no_payment_record",
        proofImageUrls: stored.map((upload) => upload.url),
        version: nextVersion(creditOrders.version, order.version),
      },
      eq(creditOrders.id, order.id),
    ),
    ...stored.map((upload) => upload.statement),
  ] as const;
}

export const creditOrderActions = [
  defineAction(
    "get_credit_order_data_and_total_number_by_sorting_and_limit",
    "store:credit_package:read",
    async (input, { store }) => {
      const matching = and(
        keywordMatch(store, input.keyword),
        input.status === undefined ? undefined : eq(creditOrders.status, input.status),
        input.payment_status === undefined ? undefined : eq(creditOrders.paymentStatus, input.payment_status),
        input.created_from === undefined
          ? undefined
          : gte(creditOrders.createdAt, hongKongDayStart(input.created_from)),
        input.created_to === undefined ? undefined : lt(creditOrders.createdAt, hongKongDayStart(input.created_to, 1)),
      );
      return pagedList(
        store,
        input,
        {
          rows: store.selectFields(creditOrders, orderFields(store), matching),
          count: store.selectFields(creditOrders, { total: count() }, matching),
          sortBy: SORT_COLUMNS[input.sorting],
          id: creditOrders.id,
        },
        toRecord,
      );
    },
  ),

  defineAction("get_credit_order_data_by_application_key_and_id", "store:credit_package:read", {
    reads: ({ id }, { store }) => [orderById(store, id), creditOf(store, id), memberEmailOf(store, id)] as const,
    handler: async (_input, { caller, env, now }, [rows, [credit], [member]]): Promise<CreditOrderDetail> => {
      const order = found(rows);
      const owed = owedCents(order);
      return {
        ...toRecord(order),
        credit: credit
          ? {
              id: credit.id,
              credits_granted: credit.creditsGranted,
              credits_remaining: credit.creditsRemaining,
              status: credit.status,
              granted_at: credit.grantedAt,
              expires_at: credit.expiresAt,
            }
          : null,
        payment_reference: creditOrderPaymentReference(order),
        allowed_transitions: allowedMoves(order.status, isUsed(credit)),
        can_refund: order.status === "paid" && mayRefund(caller),
        member_email: member?.email ?? "",
        pay_link:
          owed === null
            ? null
            : await payLinkFor(
                env.SESSION_SECRET,
                { applicationKey: order.applicationKey, kind: "credit-order", id: order.id, amountCents: owed },
                now,
              ),
      };
    },
  }),

  defineAction("add_credit_order_pay_link_email_data", "store:credit_package:write", {
    reads: ({ id }, { store }) =>
      [
        orderById(store, id),
        memberEmailOf(store, id),
        store.selectFields(storeAccounts, { name: storeAccounts.storeName }).limit(1),
      ] as const,
    handler: async ({ id, language }, context, [rows, [member], [account]]) => {
      const order = found(rows);
      return sendPayLink(context, {
        kind: "credit-order",
        id,
        amountCents: owedCents(order),
        to: member?.email ?? null,
        name: order.memberName,
        storeName: account?.name ?? "",
        purpose: { kind: "credit-order", id, package: { zh_hk: order.packageNameZhHk, en: order.packageNameEn } },
        language,
        log: { dataType: DATA_TYPE, recordName: orderName(order) },
      });
    },
  }),

  defineAction("get_credit_order_option_data_list_by_application_key_and_keyword", "store:credit_package:read", {
    reads: ({ keyword }, { store }) =>
      [
        store
          .selectFields(
            members,
            { id: members.id, memberCode: members.memberCode, name: members.name, phone: members.phone },
            keyword ? contains([members.name, members.phone, members.memberCode], keyword) : sql`0`,
            eq(members.disabled, false),
          )
          .orderBy(sql`${members.name} COLLATE NOCASE`)
          .limit(MAX_MEMBER_CHOICES),
        store
          .select(creditPackages, eq(creditPackages.onSale, true))
          .orderBy(asc(creditPackages.priceCents), asc(creditPackages.id)),
        store.select(storeSettings).limit(1),
      ] as const,
    handler: async (_input, _context, [memberRows, packages, [setting]]) => ({
      members: memberRows.map((row) => ({
        id: row.id,
        member_code: row.memberCode,
        name: row.name,
        phone: row.phone,
      })),
      packages: packages.map(toPackageChoice),
      payment_methods: PAYMENT_METHODS.filter(
        (method) => setting && paymentMethodRefusal(setting, method, "pos") === null,
      ),
    }),
  }),

  /** A counter sale: paid now (the credits granted by the trigger in the same batch) or awaiting its payment. */
  defineAction("add_credit_order_data", "store:credit_package:write", {
    reads: (input, { store }) =>
      [
        orderOfSubmission(store, input.idempotency_key),
        store.selectFields(members, { id: members.id }, eq(members.id, input.member_id)).limit(1),
        packageOnSale(store, input.package_id),
        store.select(storeSettings).limit(1),
      ] as const,
    handler: async (input, { store, caller, now }, [[existing], memberRows, [pack], [setting]]) => {
      if (existing) return toCreated(existing);
      found(memberRows);
      if (!pack) throw new ActionError(404, "credit-package-not-found");
      const refusal = setting ? paymentMethodRefusal(setting, input.payment_method, "pos") : null;
      if (refusal) throw new ActionError(refusal.status, refusal.message);
      const columns = {
        ...orderColumns(pack, input),
        channel: "counter" as const,
        status: input.paid ? ("paid" as const) : ("awaiting_payment" as const),
        paymentMethod: input.payment_method,
        paymentStatus: input.paid ? ("succeeded" as const) : ("no_payment_record" as const),
        note: input.note,
        actorEmail: caller.email,
        paidAt: input.paid ? now.toISOString() : null,
      };
      return createOrder(store, input.idempotency_key, insertOrder(store, columns), [
        store.log(caller, now, {
          action: "add",
          dataType: DATA_TYPE,
          recordId: sql`(select ${creditOrders.id} from ${creditOrders} where ${store.where(creditOrders, eq(creditOrders.idempotencyKey, input.idempotency_key))})`,
          recordName: { zhHk: pack.nameZhHk, en: pack.nameEn || pack.nameZhHk },
          before: null,
          after: logged(columns),
        }),
      ]);
    },
  }),

  /**
   * A staff move, a compare-and-set over the order's version: of two staff at once, one moves it and the
   * other gets 409 edited-elsewhere. Paying grants the credits (trigger) and e-mails the member, as does
   * rejecting a proof (with its reason); cancelling a paid order takes its unused credits back (trigger).
   */
  defineAction("update_credit_order_status_data_by_application_key_and_id", "store:credit_package:write", {
    reads: ({ id }, { store }) =>
      [
        orderById(store, id),
        creditOf(store, id),
        store
          .selectFields(
            members,
            { email: members.email },
            eq(
              members.id,
              sql`(select ${creditOrders.memberId} from ${creditOrders} where ${store.where(creditOrders, eq(creditOrders.id, id))})`,
            ),
          )
          .limit(1),
        store.selectFields(storeAccounts, { storeName: storeAccounts.storeName }).limit(1),
      ] as const,
    handler: async (input, { store, caller, now, mailer, afterReply }, [rows, [credit], [member], [account]]) => {
      const order: ListedRow = found(rows);
      if (order.version !== input.version) throw new ActionError(409, "edited-elsewhere");
      const from = order.status;
      const to: CreditOrderStaffMove = input.to;
      if (!MOVES_FROM[from].includes(to)) throw new ActionError(409, "credit-order-transition-not-allowed");
      if (from === "paid" && isUsed(credit)) throw new ActionError(409, "credits-already-used");
      const rejecting = to === "awaiting_payment";
      if (rejecting && !input.note) throw new ActionError(400, "invalid-payload", { note: ["force-input"] });
      const verifying = from === "unverified_payment" && to === "paid";
      const receivedCents = input.received_cents ?? order.priceCents;
      if (verifying && receivedCents !== order.priceCents && !input.confirm_received) {
        throw new ActionError(400, "invalid-payload", {
          received_cents: [withValue("received-amount-differs", formatHkd(order.priceCents))],
        });
      }

      const changed: Partial<CreditOrderRow> =
        to === "paid"
          ? { status: "paid", paymentStatus: "succeeded", ...(verifying && { receivedCents }) }
          : to === "cancelled"
            ? { status: "cancelled", paymentStatus: from === "paid" ? "refunded" : order.paymentStatus }
            : { status: "awaiting_payment", paymentStatus: "failed" };
      await store
        .batch([
          store.update(
            creditOrders,
            {
              ...changed,
              ...(to === "paid" ? { paidAt: now.toISOString() } : {}),
              ...(to === "cancelled"
                ? {
                    cancelledAt: now.toISOString(),
                    ...(from === "paid" ? { status: cancelledUnlessUsed(store, order.id) } : {}),
                  }
                : {}),
              actorEmail: caller.email,
              version: nextVersion(creditOrders.version, input.version),
            },
            eq(creditOrders.id, order.id),
          ),
          orderLog(store, caller, now, order, changed),
        ])
        .catch(rethrowMoveRefused);

      if (member && (to === "paid" || rejecting)) {
        const message = paymentEmail(
          order,
          member.email,
          account?.storeName ?? "",
          rejecting ? "rejected" : "verified",
          input.note,
        );
        await afterReply(() => mailer.send(message));
      }
      return null;
    },
  }),

  /** A refund over the order's version (admins only): what is left of its credits is taken back, once (trigger). */
  defineAction("update_credit_order_refund_data_by_application_key_and_id", "store:credit_package:admin", {
    reads: ({ id }, { store }) => [orderById(store, id)] as const,
    handler: async (input, { store, caller, now }, [rows]) => {
      const order = found(rows);
      if (order.version !== input.version) throw new ActionError(409, "edited-elsewhere");
      if (order.status !== "paid") throw new ActionError(409, "credit-order-transition-not-allowed");
      const changed: Partial<CreditOrderRow> = {
        status: "refunded",
        paymentStatus: "refunded",
        ...(input.note ? { note: input.note } : {}),
      };
      await store
        .batch([
          store.update(
            creditOrders,
            {
              ...changed,
              refundedAt: now.toISOString(),
              actorEmail: caller.email,
              version: nextVersion(creditOrders.version, input.version),
            },
            eq(creditOrders.id, order.id),
          ),
          orderLog(store, caller, now, order, changed),
        ])
        .catch(rethrowStaleVersion);
      return null;
    },
  }),

  defineAction("get_online_credit_package_data_list_by_application_key", "public", {
    cacheSeconds: 60,
    reads: ({ application_key }, { db, now }) => {
      const store = forStore(db, application_key);
      return [
        ...storeWebsiteReads(store, now),
        store
          .select(creditPackages, eq(creditPackages.onSale, true))
          .orderBy(asc(creditPackages.priceCents), asc(creditPackages.id)),
      ] as const;
    },
    handler: async (_input, { now }, [accounts, plans, packages]) => {
      refuseClosedWebsite([accounts, plans], "credit_package", now);
      return packages.map(toPackageChoice);
    },
  }),

  /**
   * A purchase on the store's website: awaiting its payment, or its proof's verification when images come
   * with it. No staff here, so no log entry; each request counts against the store's and the address's
   * limits, refused ones too.
   */
  defineAction("add_online_credit_order_data", "public", {
    reads: (input, { db, now, clientAddress, websiteKeyed }) => {
      const store = forStore(db, input.application_key);
      return [
        bucketHitsRead(db, onlineBuckets(input.application_key, { clientAddress, websiteKeyed }), now),
        orderOfSubmission(store, input.idempotency_key),
        store
          .selectFields(members, { email: members.email, disabled: members.disabled }, eq(members.id, input.member_id))
          .limit(1),
        packageOnSale(store, input.package_id),
        store.select(storeSettings).limit(1),
        ...storeWebsiteReads(store, now),
      ] as const;
    },
    handler: async (
      input,
      { db, env, now, clientAddress, websiteKeyed },
      [counted, [existing], [member], [pack], [setting], accounts, plans],
    ) => {
      if (existing) return toCreated(existing);
      refuseClosedWebsite([accounts, plans], "credit_package", now);
      const store = forStore(db, input.application_key);
      const buckets = onlineBuckets(input.application_key, { clientAddress, websiteKeyed });
      const hits = rateLimitHitStatements(db, buckets, now);
      // Refused before the files are stored, so a flood past the limit puts nothing in R2.
      if (isAnyFull(buckets, counted)) return refuseCountedAgainst(db, hits, rateLimitedError());
      const refuse = (status: ActionError["status"], message: ActionError["messageKey"]) =>
        refuseCountedAgainst(db, hits, new ActionError(status, message));
      if (!member || member.disabled || member.email !== input.customer_email.toLowerCase()) {
        return refuse(404, "user-not-found-or-disabled");
      }
      if (!pack) return refuse(404, "credit-package-not-found");
      const method = input.payment_method;
      const methodRefused = !setting || paymentMethodRefusal(setting, method, "online") !== null;
      if (methodRefused || !paymentMethodsOf(setting)[method].requires_proof)
        return refuse(400, "invalid-payment-method");
      let stored: Awaited<ReturnType<typeof storeUpload>>[];
      try {
        stored = await Promise.all(input.proof_images.map((image) => storeUpload(env, store, image, "image")));
      } catch (error) {
        return refuseCountedAgainst(db, hits, error);
      }
      const proven = stored.length > 0;
      const columns = {
        ...orderColumns(pack, input),
        channel: "online" as const,
        status: proven ? ("unverified_payment" as const) : ("awaiting_payment" as const),
        paymentMethod: method,
        paymentStatus: "no_payment_record" as const,
        proofImageUrls: stored.map((upload) => upload.url),
        actorEmail: null,
      };
      return createOrder(store, input.idempotency_key, insertOrder(store, columns), [
        ...stored.map((upload) => upload.statement),
        ...hits,
      ]);
    },
  }),
];

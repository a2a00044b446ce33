import { count, eq, sql, type SQL } from "drizzle-orm";
import { withValue } from "../../contract/messages";
import { formatHkd } from "../../contract/money";
import type { StoreCreditEntryRecord } from "./contract";
import type { STORE_CREDIT_ENTRY_KINDS } from "./options";
import { databaseNow } from "../../backend/db/columns";
import type { StoreScope } from "../../backend/db/scope";
import { members, storeCreditEntries, storeCredits } from "../../backend/db/schema";
import { listOrder } from "../../backend/db/sort";
import { ActionError, found } from "../../backend/errors";
import { entriesWithOrderNumber } from "../order/ledger-orders";
import { oneName } from "../../backend/log";
import { snakeCased } from "../../backend/records";
import { defineAction, WithExtra } from "../../backend/registry";
import { errorText } from "../../backend/unique";

/** The member's store credit as the statement reading it finds it (after the upsert earlier in the batch). */
const storeCreditBalanceOf = (store: StoreScope, memberId: number) =>
  sql<number>`(select ${storeCredits.balanceCents} from ${storeCredits} where ${store.where(storeCredits, eq(storeCredits.memberId, memberId))})`;

/** The member's store credit, a row of one (none when the store never owed them anything). */
export const storeCreditOf = (store: StoreScope, memberId: number | SQL<number>) =>
  store.selectFields(storeCredits, { balanceCents: storeCredits.balanceCents }, eq(storeCredits.memberId, memberId));

export interface StoreCreditMove {
  memberId: number;
  kind: (typeof STORE_CREDIT_ENTRY_KINDS)[number];
  /** Cents, + owed to the member, − taken. */
  amountCents: number;
  reason?: string | null;
  orderId?: number | SQL<number> | null;
  actorEmail: string;
}

/**
 * The member's store credit moved in the database (`balance_cents + ?`) with its ledger entry, whose balance
 * after reads it again, for the caller's batch: the CHECK refuses a balance below 0 and aborts the whole
 * batch, so concurrent debits cannot overdraw and the ledger always sums to the balance.
 */
export function storeCreditMoveStatements(store: StoreScope, move: StoreCreditMove) {
  return [
    // SQLite checks an upsert's new row before its conflict, so the row is made at 0 and then moved.
    store
      .insert(storeCredits, [{ memberId: move.memberId, balanceCents: 0 }])
      .onConflictDoNothing({ target: [storeCredits.applicationKey, storeCredits.memberId] }),
    store.update(
      storeCredits,
      { balanceCents: sql`${storeCredits.balanceCents} + ${move.amountCents}` },
      eq(storeCredits.memberId, move.memberId),
    ),
    store
      .insert(storeCreditEntries, [
        {
          memberId: move.memberId,
          kind: move.kind,
          amountCents: move.amountCents,
          balanceAfterCents: storeCreditBalanceOf(store, move.memberId),
          reason: move.reason ?? null,
          orderId: move.orderId ?? null,
          actorEmail: move.actorEmail,
          createdAt: databaseNow,
        },
      ])
      .returning({ id: storeCreditEntries.id, balanceAfterCents: storeCreditEntries.balanceAfterCents }),
  ] as const;
}

/** Whether a batch was refused for overdrawing a member's store credit. */
export const isStoreCreditShort = (error: unknown) => errorText(error).includes("store_credit_balance_not_negative");

const memberById = (store: StoreScope, id: number) =>
  store
    .selectFields(members, { id: members.id, memberCode: members.memberCode, name: members.name }, eq(members.id, id))
    .limit(1);

/** A ledger entry with the number its order goes by (drizzle's types lose a joined selection). */
type EntryRow = typeof storeCreditEntries.$inferSelect & { orderNumber: number | null };

const toEntry = (row: EntryRow): StoreCreditEntryRecord =>
  snakeCased(row, { omit: ["applicationKey", "memberId", "createdAt"], add: { create_date: row.createdAt } });

/** One page of a member's ledger, each entry with its order's number. */
const ledgerPage = (
  store: StoreScope,
  memberId: number,
  { direction, limit, page }: { direction: "ASC" | "DESC"; limit: number; page: number },
) =>
  entriesWithOrderNumber(store, storeCreditEntries, eq(storeCreditEntries.memberId, memberId))
    .orderBy(...listOrder(direction, storeCreditEntries.createdAt, storeCreditEntries.id))
    .limit(limit)
    .offset((page - 1) * limit);

export const storeCreditActions = [
  /** The member, their balance and one page of the ledger (newest first): one round trip. */
  defineAction("get_store_credit_entry_data_and_total_number_by_sorting_and_limit", "store:member:read", {
    reads: ({ member_id, direction, limit, page }, { store }) =>
      [
        memberById(store, member_id),
        storeCreditOf(store, member_id),
        ledgerPage(store, member_id, { direction, limit, page }),
        store.selectFields(storeCreditEntries, { total: count() }, eq(storeCreditEntries.memberId, member_id)),
      ] as const,
    handler: async (_input, _context, [memberRows, [credit], entries, [{ total }]]) => {
      const member = found(memberRows);
      return new WithExtra(
        {
          member: {
            id: member.id,
            member_code: member.memberCode,
            name: member.name,
            store_credit_cents: credit?.balanceCents ?? 0,
          },
          entries: (entries as unknown as EntryRow[]).map(toEntry),
        },
        { total_number: total },
      );
    },
  }),

  /**
   * The balance moves by the amount in the database (`balance_cents + ?`) beside its ledger entry, whose balance
   * after reads it again, and the log entry, in one batch: the CHECK refuses a balance below 0 and aborts the
   * whole batch, so concurrent debits cannot overdraw and the ledger always sums to the balance.
   */
  defineAction("add_store_credit_entry_data", "store:member:write", {
    reads: ({ member_id }, { store }) => [memberById(store, member_id), storeCreditOf(store, member_id)] as const,
    handler: async ({ member_id, amount_cents, reason }, { store, caller, now }, [memberRows, [credit]]) => {
      const member = found(memberRows);
      const short = (balanceCents: number) =>
        new ActionError(400, "invalid-payload", {
          amount_cents: [withValue("store-credit-balance-short", formatHkd(balanceCents))],
        });
      const before = credit?.balanceCents ?? 0;
      if (before + amount_cents < 0) throw short(before);
      const balance = storeCreditBalanceOf(store, member_id);
      const [, , [entry]] = await store
        .batch([
          ...storeCreditMoveStatements(store, {
            memberId: member_id,
            kind: "adjust",
            amountCents: amount_cents,
            reason,
            actorEmail: caller.email,
          }),
          store.log(caller, now, {
            action: "edit",
            dataType: "member_store_credit",
            recordId: member_id,
            recordName: oneName(member.name),
            before: null,
            after: null,
            changes: sql`json_object('store_credit_cents', json_array(${balance} - ${amount_cents}, ${balance}), 'reason', json_array(null, ${reason}))`,
          }),
        ])
        .catch((error: unknown) => {
          // Debited by another request since it was read: the balance named is the one read, the best known.
          if (isStoreCreditShort(error)) throw short(before);
          throw error;
        });
      return { id: entry.id, balance_after_cents: entry.balanceAfterCents };
    },
  }),
];

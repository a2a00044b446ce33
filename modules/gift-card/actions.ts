import { and, asc, eq, getTableColumns, gt, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { hongKongDate } from "../../contract/dates";
import { withValue } from "../../contract/messages";
import { formatHkd } from "../../contract/money";
import type { GiftCardDetail, GiftCardDetailValues, GiftCardEntryRecord, GiftCardRecord } from "./contract";
import {
  GIFT_CARD_CODE_ALPHABET,
  GIFT_CARD_CODE_LENGTH,
  groupedGiftCardCode,
  maskedGiftCardCode,
  type GiftCardStatus,
} from "./options";
import { defineStoreCrud, saveEdit } from "../../backend/crud";
import { databaseNow } from "../../backend/db/columns";
import { contains } from "../../backend/db/like";
import type { StoreScope } from "../../backend/db/scope";
import { giftCardEntries, giftCards, storeAccounts, websiteData } from "../../backend/db/schema";
import { nextVersion, rethrowStaleVersion } from "../../backend/db/version";
import { ActionError, found } from "../../backend/errors";
import { emailTexts } from "../../backend/locales.generated";
import { added, edited, oneName } from "../../backend/log";
import { snakeCased } from "../../backend/records";
import { defineAction, type StoreContext } from "../../backend/registry";
import { errorText } from "../../backend/unique";
import { entriesWithOrderNumber } from "../order/ledger-orders";
import { giftCardMoveStatements, hongKongToday, movableBalanceOf, notExpired, rethrowGiftCardRefused } from "./ledger";

const DATA_TYPE = "gift_card_data";

/** Each status as a condition of the card's row; the first that holds is its status. */
const STATUS_CONDITIONS: Record<GiftCardStatus, SQL | undefined> = {
  disabled: isNotNull(giftCards.disabledAt),
  expired: and(isNull(giftCards.disabledAt), lt(giftCards.expiryDate, hongKongToday)),
  used_up: and(isNull(giftCards.disabledAt), notExpired, eq(giftCards.balanceCents, 0)),
  active: and(isNull(giftCards.disabledAt), notExpired, gt(giftCards.balanceCents, 0)),
};

const statusOf = sql<GiftCardStatus>`case
  when ${giftCards.disabledAt} is not null then 'disabled'
  when ${giftCards.expiryDate} < ${hongKongToday} then 'expired'
  when ${giftCards.balanceCents} = 0 then 'used_up'
  else 'active' end`;

/** A card's columns and its status (under a name of its own: D1 hands back a row's columns by name). */
const cardSelection = { ...getTableColumns(giftCards), status: statusOf.as("status") };
type CardRow = typeof giftCards.$inferSelect & { status: GiftCardStatus };

const SORT_COLUMNS = {
  create_date: giftCards.createdAt,
  balance: giftCards.balanceCents,
  expiry_date: giftCards.expiryDate,
} as const;

/** A new code: 16 characters drawn evenly from the 32 of the alphabet (a byte modulo 32 favours none). */
export function newGiftCardCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(GIFT_CARD_CODE_LENGTH));
  return Array.from(bytes, (byte) => GIFT_CARD_CODE_ALPHABET[byte % GIFT_CARD_CODE_ALPHABET.length]).join("");
}

const toRecord = ({ code, ...row }: CardRow): GiftCardRecord =>
  snakeCased(row, {
    omit: ["applicationKey", "createdAt", "orderLineId", "unit"],
    add: { masked_code: maskedGiftCardCode(code), create_date: row.createdAt },
  });

/** A ledger entry with the number its order goes by (drizzle's types lose a joined selection). */
type EntryRow = typeof giftCardEntries.$inferSelect & { orderNumber: number | null };

const toEntry = (row: EntryRow): GiftCardEntryRecord =>
  snakeCased(row, { omit: ["applicationKey", "giftCardId", "createdAt"], add: { create_date: row.createdAt } });

const nameOf = (code: string) => oneName(maskedGiftCardCode(code));

const cardById = (store: StoreScope, id: number) =>
  store.selectFields(giftCards, cardSelection, eq(giftCards.id, id)).limit(1);

const foundCard = (rows: unknown[]) => found(rows as CardRow[]);

const storeNameRead = (store: StoreScope) =>
  store.selectFields(storeAccounts, { name: storeAccounts.storeName }).limit(1);

function refuseDisabled(row: CardRow) {
  if (row.disabledAt !== null) throw new ActionError(409, "gift-card-disabled");
}

function refusePastExpiry(expiryDate: string | null, now: Date) {
  if (expiryDate !== null && expiryDate < hongKongDate(now)) {
    throw new ActionError(400, "invalid-payload", { expiry_date: ["expiry-in-past"] });
  }
}

const detailColumns = (input: GiftCardDetailValues) => ({
  expiryDate: input.expiry_date,
  recipientName: input.recipient_name ?? "",
  recipientEmail: input.recipient_email ?? "",
  recipientLanguage: input.recipient_language,
  note: input.note,
});

/** A card's details as its log entries name them. */
const loggedDetails = (columns: ReturnType<typeof detailColumns>) =>
  snakeCased(columns, { pick: ["expiryDate", "recipientName", "recipientEmail", "recipientLanguage", "note"] });

/**
 * Disabling a card over `version`, and its log entry; a reissue also empties it (its balance moved to the card
 * `replacedBy`, inserted earlier in the batch).
 */
function disabling(
  { store, caller, now }: Pick<StoreContext, "store" | "caller" | "now">,
  card: CardRow,
  { reason, version }: { reason: string; version: number },
  replacedBy?: SQL,
) {
  const disabledAt = now.toISOString();
  const emptied = replacedBy ? { balanceCents: 0, replacedById: replacedBy } : {};
  const balance = (cents: number) => (replacedBy ? { balance_cents: cents } : {});
  return [
    store.update(
      giftCards,
      { ...emptied, disabledAt, disabledReason: reason, version: nextVersion(giftCards.version, version) },
      eq(giftCards.id, card.id),
    ),
    store.log(
      caller,
      now,
      edited(
        DATA_TYPE,
        card.id,
        nameOf(card.code),
        { ...balance(card.balanceCents), disabled_at: null, disabled_reason: null },
        { ...balance(0), disabled_at: disabledAt, disabled_reason: reason },
      ),
    ),
  ] as const;
}

const crud = defineStoreCrud({
  entity: "gift_card",
  table: giftCards,
  module: "gift_card",
  selection: cardSelection,
  toRecord: (row) => toRecord(row as CardRow),
});

export const giftCardActions = [
  crud.list({
    search: [],
    sorts: SORT_COLUMNS,
    filter: ({ keyword, status }) => [
      keyword
        ? or(
            eq(sql`substr(${giftCards.code}, -4)`, keyword.toUpperCase()),
            contains([giftCards.recipientName, giftCards.recipientEmail], keyword),
          )
        : undefined,
      status ? STATUS_CONDITIONS[status] : undefined,
    ],
  }),

  defineAction("get_gift_card_data_by_application_key_and_id", "store:gift_card:read", {
    reads: ({ id }, { store }) =>
      [
        cardById(store, id),
        entriesWithOrderNumber(store, giftCardEntries, eq(giftCardEntries.giftCardId, id)).orderBy(
          asc(giftCardEntries.id),
        ),
      ] as const,
    handler: async (_input, _context, [rows, entries]): Promise<GiftCardDetail> => ({
      ...toRecord(foundCard(rows)),
      entries: (entries as unknown as EntryRow[]).map(toEntry),
    }),
  }),

  defineAction("get_gift_card_print_data_by_application_key_and_id", "store:gift_card:write", {
    reads: ({ id }, { store }) =>
      [
        cardById(store, id),
        storeNameRead(store),
        store.selectFields(websiteData, { logoImgUrl: websiteData.logoImgUrl }).limit(1),
      ] as const,
    handler: async (_input, _context, [rows, [account], [website]]) => {
      const card = foundCard(rows);
      return {
        id: card.id,
        code: card.code,
        initial_cents: card.initialCents,
        balance_cents: card.balanceCents,
        expiry_date: card.expiryDate,
        status: card.status,
        recipient_name: card.recipientName,
        store: { name: account?.name ?? "", logo_img_url: website?.logoImgUrl ?? null },
      };
    },
  }),

  defineAction("add_gift_card_data", "store:gift_card:write", {
    handler: async (input, { store, caller, now }) => {
      refusePastExpiry(input.expiry_date, now);
      const code = newGiftCardCode();
      const details = detailColumns(input);
      const columns = { code, initialCents: input.amount_cents, balanceCents: input.amount_cents, ...details };
      const cardId = sql`(select ${giftCards.id} from ${giftCards} where ${store.where(giftCards, eq(giftCards.code, code))})`;
      const [[card]] = await store.batch([
        store.insert(giftCards, [columns]).returning({ id: giftCards.id }),
        store.insert(giftCardEntries, [
          {
            giftCardId: cardId,
            kind: "issue",
            amountCents: input.amount_cents,
            balanceAfterCents: input.amount_cents,
            reason: input.reason,
            actorEmail: caller.email,
            createdAt: databaseNow,
          },
        ]),
        store.log(
          caller,
          now,
          added(
            DATA_TYPE,
            nameOf(code),
            { initial_cents: input.amount_cents, ...loggedDetails(details), reason: input.reason },
            cardId,
          ),
        ),
      ]);
      return { id: card.id, code };
    },
  }),

  /**
   * The details over `version`, never the code or the balance. A card disabled since it was read has a newer
   * version, so the edit is refused as stale. An expiry kept as it was may be past: an expired card's recipient
   * can still be corrected.
   */
  defineAction("update_gift_card_data_by_application_key_and_id", "store:gift_card:write", {
    reads: ({ id }, { store }) => [cardById(store, id)] as const,
    handler: async ({ application_key: _key, id, version, ...input }, context, [rows]) => {
      const card = foundCard(rows);
      refuseDisabled(card);
      if (input.expiry_date !== card.expiryDate) refusePastExpiry(input.expiry_date, context.now);
      const details = detailColumns(input);
      await saveEdit(context, {
        table: giftCards,
        id,
        version,
        values: details,
        log: edited(DATA_TYPE, id, nameOf(card.code), loggedDetails(card), loggedDetails(details)),
      });
      return null;
    },
  }),

  /**
   * The balance moves by the amount in the database (`balance_cents + ?`) beside its ledger entry, whose balance
   * after reads the card again: the CHECK refuses a balance below 0 and a disabled card leaves it NULL, either
   * aborting the whole batch, so concurrent changes can neither overdraw the card nor part the ledger from it.
   */
  defineAction("add_gift_card_entry_data", "store:gift_card:write", {
    reads: ({ gift_card_id }, { store }) => [cardById(store, gift_card_id)] as const,
    handler: async ({ gift_card_id: id, amount_cents, reason }, { store, caller, now }, [rows]) => {
      const card = foundCard(rows);
      refuseDisabled(card);
      const short = () =>
        new ActionError(400, "invalid-payload", {
          amount_cents: [withValue("gift-card-balance-short", formatHkd(card.balanceCents))],
        });
      if (card.balanceCents + amount_cents < 0) throw short();
      const balance = movableBalanceOf(store, id);
      const [, [entry]] = await store
        .batch([
          ...giftCardMoveStatements(store, {
            giftCardId: id,
            kind: "adjust",
            amountCents: amount_cents,
            reason,
            actorEmail: caller.email,
          }),
          store.log(caller, now, {
            action: "edit",
            dataType: DATA_TYPE,
            recordId: id,
            recordName: nameOf(card.code),
            before: null,
            after: null,
            changes: sql`json_object('balance_cents', json_array(${balance} - ${amount_cents}, ${balance}), 'reason', json_array(null, ${reason}))`,
          }),
        ])
        .catch((error: unknown) => rethrowGiftCardRefused(error, short));
      return { id: entry.id, balance_after_cents: entry.balanceAfterCents };
    },
  }),

  defineAction("update_gift_card_disabled_data_by_application_key_and_id", "store:gift_card:write", {
    reads: ({ id }, { store }) => [cardById(store, id)] as const,
    handler: async (input, context, [rows]) => {
      const card = foundCard(rows);
      refuseDisabled(card);
      await context.store.batch(disabling(context, card, input)).catch(rethrowStaleVersion);
      return null;
    },
  }),

  /**
   * The new card takes the old one's balance as the batch finds it, and the old one goes to 0 and disabled over
   * `version`, in one batch with both ledger entries: a change of the old card racing it is either before
   * (and moved with the balance) or refused (disabled).
   */
  defineAction("add_gift_card_reissue_data", "store:gift_card:write", {
    reads: ({ gift_card_id }, { store }) => [cardById(store, gift_card_id)] as const,
    handler: async ({ gift_card_id: id, reason, version }, { store, caller, now }, [rows]) => {
      const card = foundCard(rows);
      refuseDisabled(card);
      if (card.version !== version) throw new ActionError(409, "edited-elsewhere");
      if (card.balanceCents === 0) throw new ActionError(409, "gift-card-used-up");
      const code = newGiftCardCode();
      const moved = movableBalanceOf(store, id);
      const newId = sql`(select ${giftCards.id} from ${giftCards} where ${store.where(giftCards, eq(giftCards.code, code))})`;
      const [[reissued]] = await store
        .batch([
          store
            .insert(giftCards, [
              {
                code,
                initialCents: moved,
                balanceCents: moved,
                expiryDate: card.expiryDate,
                recipientName: card.recipientName,
                recipientEmail: card.recipientEmail,
                recipientLanguage: card.recipientLanguage,
                note: card.note,
                replacesId: id,
              },
            ])
            .returning({ id: giftCards.id }),
          store.insert(giftCardEntries, [
            {
              giftCardId: id,
              kind: "reissue_out",
              amountCents: sql`-${moved}`,
              balanceAfterCents: 0,
              reason,
              actorEmail: caller.email,
              createdAt: databaseNow,
            },
            {
              giftCardId: newId,
              kind: "reissue_in",
              amountCents: moved,
              balanceAfterCents: moved,
              reason,
              actorEmail: caller.email,
              createdAt: databaseNow,
            },
          ]),
          ...disabling({ store, caller, now }, card, { reason, version }, newId),
          store.log(
            caller,
            now,
            added(
              DATA_TYPE,
              nameOf(code),
              { initial_cents: card.balanceCents, replaces: maskedGiftCardCode(card.code), reason },
              newId,
            ),
          ),
        ])
        .catch((error: unknown) => {
          const text = errorText(error);
          // Emptied or disabled since it was read: nothing to move.
          if (text.includes("gift_card_initial_positive")) throw new ActionError(409, "gift-card-used-up");
          if (text.includes("NOT NULL constraint failed: gift_card.initial_cents")) {
            throw new ActionError(409, "gift-card-disabled");
          }
          rethrowStaleVersion(error);
        });
      return { id: reissued.id, code };
    },
  }),

  /** The code to the recipient in their language; the outbox gets it once the reply has gone. */
  defineAction("add_gift_card_email_data", "store:gift_card:write", {
    reads: ({ gift_card_id }, { store }) => [cardById(store, gift_card_id), storeNameRead(store)] as const,
    handler: async ({ gift_card_id: id }, { store, caller, now, mailer, afterReply }, [rows, [account]]) => {
      const card = foundCard(rows);
      refuseDisabled(card);
      if (card.recipientEmail === "") throw new ActionError(409, "gift-card-no-email");
      await store.batch([
        store.log(
          caller,
          now,
          edited(DATA_TYPE, id, nameOf(card.code), { emailed_to: null }, { emailed_to: card.recipientEmail }),
        ),
      ]);
      await afterReply(() => mailer.send(giftCardEmail(card, account?.name ?? "")));
      return null;
    },
  }),
];

/** The e-mail of a card's code, in its recipient's language. */
export function giftCardEmail(
  card: Pick<
    CardRow,
    "code" | "balanceCents" | "expiryDate" | "recipientName" | "recipientEmail" | "recipientLanguage"
  >,
  storeName: string,
) {
  const texts = emailTexts[card.recipientLanguage];
  const fill = (template: string) =>
    template
      .replaceAll("{{store}}", storeName)
      .replaceAll("{{name}}", card.recipientName || card.recipientEmail)
      .replaceAll("{{amount}}", formatHkd(card.balanceCents))
      .replaceAll("{{code}}", groupedGiftCardCode(card.code))
      .replaceAll("{{date}}", card.expiryDate ?? "");
  const expiry = card.expiryDate ? `\n${fill(texts["gift-card-expiry"])}\n` : "";
  return {
    to: card.recipientEmail,
    subject: fill(texts["gift-card-subject"]),
    text: fill(texts["gift-card-body"]).replace("{{expiry}}", expiry),
  };
}

import { and, asc, eq, gte, lt, or, sql } from "drizzle-orm";
import { storeContact, storeContactReads } from "../store/contact";
import type { Payload } from "../../contract/actions";
import { hongKongDayStart } from "../../contract/dates";
import { withVariant } from "../../contract/localized";
import {
  canMoveQuotation,
  EDITABLE_QUOTATION_STATUSES,
  QUOTATION_MOVES,
  quotationNumber,
  STOCK_CHECKED_QUOTATION_STATUSES,
  type QuotationDetail,
  type QuotationStatus,
} from "./contract";
import { emailTexts } from "../../backend/locales.generated";
import { saveEdit } from "../../backend/crud";
import { contains } from "../../backend/db/like";
import { members, orders, quotationHistory, quotationLines, quotations, storeSettings } from "../../backend/db/schema";
import { storeFpsQr } from "../../backend/fps-qr";
import { paymentMethodsOf } from "../setting/actions";
import { orderOwedCents } from "../order/actions";
import type { OrderStatus } from "../../contract/order-states";
import { pagedRows } from "../../backend/db/sort";
import { nextVersion, rethrowStaleVersion } from "../../backend/db/version";
import { ActionError, found } from "../../backend/errors";
import { edited, oneName } from "../../backend/log";
import { payLinkFor } from "../../backend/pay-link";
import { linkExpiry, signQuotationLink } from "../../backend/quotation-link";
import { nextQuotationNumber } from "../../backend/quotation-number";
import { snakeCased } from "../../backend/records";
import { defineAction } from "../../backend/registry";
import { shortLinesOf, stockOf } from "./stock";
import {
  historyStatement,
  linesOf,
  quotationById,
  rethrowQuotationRefused,
  toLine,
  toRecord,
  type QuotationRow,
} from "./records";
import { conversionOf, conversionReads, rethrowConversionRefused } from "./conversion";
import { customerLinkActions } from "./customer-link-actions";
import { changesOf, columnsOf, formReads, resolveForm, type NewLine } from "./form";

const { en, "zh-HK": zhHK } = emailTexts;

const DATA_TYPE = "quotation_data";

const SORT_COLUMNS = {
  create_date: quotations.createdAt,
  valid_until: quotations.validUntil,
  total: quotations.totalCents,
} as const;

const NUMBER = /^Q?(\d{1,9})$/i;

/** Statuses whose printed quotation carries the FPS QR code of its total: still an offer to pay. */
const PAYABLE_QUOTATION_STATUSES: readonly QuotationStatus[] = ["pending", "approved"];

/** The path of a customer's link; the page is app/routes/_auth+/quotation-reply.$token.tsx. */
const linkPath = (token: string) => `/quotation-reply/${token}`;

const LOGGED_COLUMNS = [
  "companyName",
  "contactName",
  "email",
  "phone",
  "address",
  "discountCents",
  "deliveryCents",
  "totalCents",
  "validUntil",
  "terms",
  "note",
  "status",
  "revision",
] as const;

/** The log's view of a quotation: its fields, and its lines as one text (name – variant ×quantity @price). */
const toLogged = (row: Pick<QuotationRow, (typeof LOGGED_COLUMNS)[number]>, lines: NewLine[]) =>
  snakeCased(row, {
    pick: LOGGED_COLUMNS,
    add: {
      lines: lines
        .map((line) => `${withVariant(line.nameZhHk, line.variantNameZhHk)} ×${line.quantity} @${line.unitPriceCents}`)
        .join("; "),
    },
  });

const nameOf = (row: Pick<QuotationRow, "quotationNumber">) => oneName(quotationNumber(row.quotationNumber));

/** A form's lines in their order, with their positions. */
const positioned = <T>(lines: T[]) => lines.map((line, position) => ({ ...line, position }));

/** The link to the quotation's current revision, when the deployment can sign one. */
async function customerLink(secret: string | undefined, row: QuotationRow, now: Date) {
  const expires = linkExpiry(row.validUntil, now);
  const token = await signQuotationLink(secret, {
    applicationKey: row.applicationKey,
    id: row.id,
    revision: row.revision,
    expires,
  });
  return token === null ? null : { path: linkPath(token), expires_at: new Date(expires * 1000).toISOString() };
}

/** The customer's link to pay the quotation's order, while that order awaits payment. */
async function orderPayLink(
  secret: string | undefined,
  applicationKey: string,
  order: { id: number; status: OrderStatus; totalCents: number } | undefined,
  now: Date,
) {
  const owed = order ? orderOwedCents(order) : null;
  return order && owed !== null
    ? payLinkFor(secret, { applicationKey, kind: "order", id: order.id, amountCents: owed }, now)
    : null;
}

/** The customer's e-mail with the link, in the language staff chose for them. */
function quotationEmail(
  row: QuotationRow,
  storeName: string,
  link: string,
  language: Payload<"add_quotation_email_data">["language"],
) {
  const texts = language === "en" ? en : zhHK;
  const fill = (template: string) =>
    template
      .replaceAll("{{number}}", quotationNumber(row.quotationNumber))
      .replaceAll("{{store}}", storeName)
      .replaceAll("{{name}}", row.contactName)
      .replaceAll("{{valid_until}}", row.validUntil)
      .replaceAll("{{link}}", link);
  return { to: row.email, subject: fill(texts["quotation-subject"]), text: fill(texts["quotation-body"]) };
}

export const quotationActions = [
  defineAction(
    "get_quotation_data_and_total_number_by_sorting_and_limit",
    "store:quotation:read",
    async (input, { store }) => {
      const number = input.keyword ? NUMBER.exec(input.keyword)?.[1] : undefined;
      const where = and(
        or(
          contains([quotations.contactName, quotations.companyName], input.keyword),
          number === undefined ? undefined : eq(quotations.quotationNumber, Number(number)),
        ),
        input.status === undefined ? undefined : eq(quotations.status, input.status),
        input.date_from === undefined ? undefined : gte(quotations.createdAt, hongKongDayStart(input.date_from)),
        input.date_to === undefined ? undefined : lt(quotations.createdAt, hongKongDayStart(input.date_to, 1)),
      );
      return pagedRows(store, input, quotations, where, SORT_COLUMNS[input.sorting], toRecord);
    },
  ),

  defineAction("get_quotation_data_by_application_key_and_id", "store:quotation:read", {
    reads: ({ id }, { store }) =>
      [
        quotationById(store, id),
        linesOf(store, id),
        store
          .select(quotationHistory, eq(quotationHistory.quotationId, id))
          .orderBy(asc(quotationHistory.createdAt), asc(quotationHistory.id)),
        store.selectFields(
          orders,
          { id: orders.id, number: orders.orderNumber, status: orders.status, totalCents: orders.totalCents },
          eq(
            orders.id,
            sql`(select ${quotations.orderId} from ${quotations} where ${store.where(quotations, eq(quotations.id, id))})`,
          ),
        ),
        store.selectFields(
          members,
          { memberCode: members.memberCode },
          eq(
            members.id,
            sql`(select ${quotations.memberId} from ${quotations} where ${store.where(quotations, eq(quotations.id, id))})`,
          ),
        ),
        ...storeContactReads(store),
        stockOf(store, id),
        store.select(storeSettings).limit(1),
      ] as const,
    handler: async (
      _input,
      { env, now },
      [rows, lines, history, [order], [member], [account], [website], stockRows, [setting]],
    ): Promise<QuotationDetail> => {
      const row = found(rows);
      const payable = PAYABLE_QUOTATION_STATUSES.includes(row.status) && setting;
      return {
        ...toRecord(row),
        member_code: member?.memberCode ?? null,
        lines: lines.map(toLine),
        history: history.map((entry) => ({
          revision: entry.revision,
          from_status: entry.fromStatus,
          to_status: entry.toStatus,
          changes: entry.changes,
          actor_email: entry.actorEmail,
          note: entry.note,
          create_date: entry.createdAt,
        })),
        store: storeContact(account, website),
        order_number: order?.number ?? null,
        customer_link: await customerLink(env.SESSION_SECRET, row, now),
        order_pay_link: await orderPayLink(env.SESSION_SECRET, row.applicationKey, order, now),
        fps_qr: payable
          ? storeFpsQr(
              paymentMethodsOf(setting).fps,
              account?.name ?? "",
              row.totalCents,
              quotationNumber(row.quotationNumber),
            )
          : null,
        short_lines: STOCK_CHECKED_QUOTATION_STATUSES.includes(row.status) ? shortLinesOf(lines, stockRows) : [],
      };
    },
  }),

  defineAction("add_quotation_data", "store:quotation:write", {
    reads: (input, { store }) => formReads(store, input),
    handler: async (input, { store, caller, now }, [productRows, memberRows, variantRows]) => {
      const resolved = resolveForm(input, productRows, memberRows, variantRows);
      const { lines } = resolved;
      const columns = columnsOf(input, resolved);
      // The batch is one transaction and ids autoincrement: the store's newest quotation is this one.
      const addedId = sql<number>`(select max(${quotations.id}) from ${quotations} where ${store.where(quotations)})`;
      const [[added]] = await store.batch([
        store
          .insert(quotations, [{ ...columns, quotationNumber: nextQuotationNumber(store), actorEmail: caller.email }])
          .returning({ id: quotations.id, quotationNumber: quotations.quotationNumber }),
        store.insert(
          quotationLines,
          lines.map((line, position) => ({ ...line, position, quotationId: addedId })),
        ),
        historyStatement(store, {
          quotationId: addedId,
          revision: 1,
          from: null,
          to: "pending",
          actorEmail: caller.email,
        }),
        store.log(caller, now, {
          action: "add",
          dataType: DATA_TYPE,
          recordId: addedId,
          recordName: null,
          before: null,
          after: toLogged({ ...columns, status: "pending", revision: 1 }, lines),
        }),
      ]);
      return {
        id: added.id,
        number: quotationNumber(added.quotationNumber),
        short_lines: shortLinesOf(positioned(lines), variantRows),
      };
    },
  }),

  /**
   * An edit over `version`, of a pending or not_approved quotation. One already sent becomes a new
   * revision (its links stop working; it is to be sent again), with a history row naming what changed;
   * a not_approved one is offered again, back to pending.
   */
  defineAction("update_quotation_data_by_application_key_and_id", "store:quotation:write", {
    reads: (input, { store }) =>
      [quotationById(store, input.id), linesOf(store, input.id), ...formReads(store, input)] as const,
    handler: async (
      { id, version, ...input },
      { store, caller, now },
      [rows, before, productRows, memberRows, variantRows],
    ) => {
      const row = found(rows);
      if (!EDITABLE_QUOTATION_STATUSES.includes(row.status)) throw new ActionError(409, "quotation-status-changed");
      const resolved = resolveForm(
        { ...input, application_key: store.applicationKey },
        productRows,
        memberRows,
        variantRows,
      );
      const { lines } = resolved;
      const columns = columnsOf({ ...input, application_key: store.applicationKey }, resolved);
      const newRevision = row.sentAt !== null;
      const revision = newRevision ? row.revision + 1 : row.revision;
      const status: QuotationStatus = "pending";
      const changes = changesOf(row, before, columns, lines);
      await store
        .batch([
          store.update(
            quotations,
            {
              ...columns,
              status,
              revision,
              sentAt: newRevision ? null : row.sentAt,
              version: nextVersion(quotations.version, version),
            },
            eq(quotations.id, id),
          ),
          store.delete(quotationLines, eq(quotationLines.quotationId, id)),
          store.insert(
            quotationLines,
            lines.map((line, position) => ({ ...line, position, quotationId: id })),
          ),
          ...(newRevision || row.status !== status
            ? [
                historyStatement(store, {
                  quotationId: id,
                  revision,
                  from: row.status,
                  to: status,
                  actorEmail: caller.email,
                  changes,
                }),
              ]
            : []),
          store.log(caller, now, {
            action: "edit",
            dataType: DATA_TYPE,
            recordId: id,
            recordName: nameOf(row),
            before: toLogged(row, before),
            after: toLogged({ ...columns, status, revision }, lines),
          }),
        ])
        .catch(rethrowStaleVersion);
      return { revision, short_lines: shortLinesOf(positioned(lines), variantRows) };
    },
  }),

  defineAction("update_quotation_status_data_by_application_key_and_id", "store:quotation:write", {
    reads: ({ id }, { store }) => [quotationById(store, id), linesOf(store, id), stockOf(store, id)] as const,
    handler: async ({ id, version, to, note }, { store, caller, now }, [rows, lines, stockRows]) => {
      const row = found(rows);
      if (row.version !== version) throw new ActionError(409, "edited-elsewhere");
      const moves: readonly QuotationStatus[] = QUOTATION_MOVES;
      if (!moves.includes(to) || !canMoveQuotation(row.status, to)) {
        throw new ActionError(409, "quotation-status-changed");
      }
      const decided = to === "approved" || to === "not_approved";
      await store
        .batch([
          store.update(
            quotations,
            {
              status: to,
              decidedAt: decided ? now.toISOString() : row.decidedAt,
              actorEmail: caller.email,
              version: nextVersion(quotations.version, version),
            },
            eq(quotations.id, id),
          ),
          historyStatement(store, {
            quotationId: id,
            revision: row.revision,
            from: row.status,
            to,
            actorEmail: caller.email,
            note,
          }),
          store.log(caller, now, {
            action: "edit",
            dataType: DATA_TYPE,
            recordId: id,
            recordName: nameOf(row),
            before: toLogged(row, lines),
            after: toLogged({ ...row, status: to }, lines),
          }),
        ])
        .catch(rethrowQuotationRefused);
      return { short_lines: to === "approved" ? shortLinesOf(lines, stockRows) : [] };
    },
  }),

  /** Sends the current revision's link to the customer's e-mail (after the reply) and marks it sent. */
  defineAction("add_quotation_email_data", "store:quotation:write", {
    reads: ({ id }, { store }) =>
      [quotationById(store, id), ...storeContactReads(store), linesOf(store, id), stockOf(store, id)] as const,
    handler: async ({ id, version, language }, context, [rows, [account], , lines, stockRows]) => {
      const { now, env, mailer, afterReply } = context;
      const row = found(rows);
      if (row.version !== version) throw new ActionError(409, "edited-elsewhere");
      if (row.status !== "pending") throw new ActionError(409, "quotation-status-changed");
      if (row.email === "") throw new ActionError(409, "quotation-no-email");
      const link = await customerLink(env.SESSION_SECRET, row, now);
      if (!link) throw new Error("SESSION_SECRET is not set: quotation links cannot be signed");
      const sentAt = now.toISOString();
      await saveEdit(context, {
        table: quotations,
        id,
        version,
        values: { sentAt },
        log: edited(DATA_TYPE, id, nameOf(row), { sent_at: row.sentAt }, { sent_at: sentAt }),
      });
      const message = quotationEmail(row, account?.name ?? "", `${env.APP_URL}${link.path}`, language);
      await afterReply(() => mailer.send(message));
      return { short_lines: shortLinesOf(lines, stockRows) };
    },
  }),

  /**
   * The order of an approved quotation, through the checkout engine at the quoted prices, discount and
   * delivery, in one batch with the quotation's move to processing (over `version`) and its `order_id`.
   */
  defineAction("add_quotation_order_data", "store:quotation:write", {
    reads: ({ application_key, id }, { store, now }) =>
      [quotationById(store, id), linesOf(store, id), ...conversionReads(store, application_key, id, now)] as const,
    handler: async (input, { store, caller, now }, [rows, lines, ...reads]) => {
      const row = found(rows);
      if (row.orderId !== null) throw new ActionError(409, "quotation-already-converted");
      if (row.status !== "approved") throw new ActionError(409, "quotation-status-changed");
      if (row.version !== input.version) throw new ActionError(409, "edited-elsewhere");
      const conversion = conversionOf(store, caller, now, { row, lines, version: input.version }, reads);
      if (conversion instanceof ActionError) throw conversion;
      const [[created]] = await store
        .batch([
          ...conversion,
          store.log(caller, now, {
            action: "edit",
            dataType: DATA_TYPE,
            recordId: row.id,
            recordName: nameOf(row),
            before: toLogged(row, lines),
            after: toLogged({ ...row, status: "processing" }, lines),
          }),
        ])
        .catch(rethrowConversionRefused);
      return { order_id: created.id, order_number: created.orderNumber };
    },
  }),

  ...customerLinkActions,
];

import { and, asc, count, eq, getTableColumns, gte, lt, sql } from "drizzle-orm";
import { emailTexts } from "../../backend/locales.generated";
import { hongKongDayStart } from "../../contract/dates";
import type { EnquiryDetail, EnquiryMessageRecord, EnquiryRecord } from "./contract";
import { ENQUIRY_MODULES, type EnquiryKind } from "../../contract/options";
import { contains } from "../../backend/db/like";
import { forStore, type StoreScope } from "../../backend/db/scope";
import { enquiries, enquiryMessages, storeAccounts, storeStaff, websiteData } from "../../backend/db/schema";
import { pagedList } from "../../backend/db/sort";
import { nextVersion, rethrowStaleVersion } from "../../backend/db/version";
import { ActionError, found } from "../../backend/errors";
import { oneName } from "../../backend/log";
import {
  isRateLimitRefusal,
  publicRequestBuckets,
  rateLimitedError,
  rateLimitHitStatements,
} from "../../backend/rate-limit";
import { snakeCased } from "../../backend/records";
import { defineAction } from "../../backend/registry";
import { refuseClosedWebsite, storeWebsiteReads } from "../../backend/store-website";
import { errorText } from "../../backend/unique";

const { en, "zh-HK": zhHK } = emailTexts;

/**
 * What one store takes from its website in an hour, and from one client address of it.
 * The store's ceiling holds a busy evening (several hundred an hour, from many visitors) several times
 * over, in each of its two buckets (with its website key and without: backend/rate-limit.ts).
 */
export const ENQUIRIES_PER_STORE = 2000;
export const ENQUIRIES_PER_CLIENT = 10;

const NAMES = {
  general: {
    add: "add_enquiry_data",
    list: "get_enquiry_data_and_total_number_by_sorting_and_limit",
    detail: "get_enquiry_data_by_application_key_and_id",
    update: "update_enquiry_data_by_application_key_and_id",
    reply: "add_enquiry_reply_data",
    delete: "delete_enquiry_data_by_application_key_and_id",
  },
  medical: {
    add: "add_medi_enquiry_data",
    list: "get_medi_enquiry_data_and_total_number_by_sorting_and_limit",
    detail: "get_medi_enquiry_data_by_application_key_and_id",
    update: "update_medi_enquiry_data_by_application_key_and_id",
    reply: "add_medi_enquiry_reply_data",
    delete: "delete_medi_enquiry_data_by_application_key_and_id",
  },
} as const;

const DATA_TYPES = { general: "enquiry_data", medical: "medi_enquiry_data" } as const;
/** The back office's list of each kind, for the store's e-mail notice. */
const LIST_URLS = { general: "/enquiry-list", medical: "/medi-enquiry-list" } as const;

const SORT_COLUMNS = {
  create_date: enquiries.createdAt,
  name: sql`${enquiries.name} COLLATE NOCASE`,
} as const;

const withAssignee = {
  ...getTableColumns(enquiries),
  assigneeName: sql<
    string | null
  >`(select ${storeStaff.name} from ${storeStaff} where ${storeStaff.id} = ${enquiries.assigneeId})`,
};

type EnquiryRow = typeof enquiries.$inferSelect & { assigneeName: string | null };

const toRecord = (row: EnquiryRow): EnquiryRecord =>
  snakeCased(row, { omit: ["applicationKey", "createdAt"], add: { create_date: row.createdAt } });

const toMessageRecord = (row: typeof enquiryMessages.$inferSelect): EnquiryMessageRecord =>
  snakeCased(row, { omit: ["applicationKey", "enquiryId", "createdAt"], add: { create_date: row.createdAt } });

/** One enquiry of this kind: an id of the other kind is not found, so each kind stays behind its own permission. */
const enquiryById = (store: StoreScope, kind: EnquiryKind, id: number) =>
  store.selectFields(enquiries, withAssignee, eq(enquiries.kind, kind), eq(enquiries.id, id)).limit(1);

/**
 * An enquiry's name in the log: its number alone. The log keeps no personal data of an enquiry (a medical
 * one's above all), only how it was handled.
 */
const logName = (id: number) => oneName(`#${id}`);

/** What the log keeps of staff's handling: the status, who it is assigned to, and whether the note changed. */
const handling = (row: { status: string; assigneeName: string | null }) => ({
  status: row.status,
  assignee: row.assigneeName,
});

function enquiryActionsOf(kind: EnquiryKind) {
  const names = NAMES[kind];
  const module = ENQUIRY_MODULES[kind];
  const dataType = DATA_TYPES[kind];

  return [
    /**
     * From the store's website: refused for a store that is disabled, has no current plan, or has not this
     * module; counted against the store's and the client address's hourly limits in the batch that saves it.
     * The store is told by e-mail (its website's contact e-mail, else its account's), without the content.
     */
    defineAction(names.add, "public", {
      reads: (input, { db, now }) => {
        const store = forStore(db, input.application_key);
        return [
          ...storeWebsiteReads(store, now),
          store.selectFields(websiteData, { contactEmail: websiteData.contactEmail }).limit(1),
        ] as const;
      },
      handler: async (
        input,
        { db, env, now, clientAddress, websiteKeyed, mailer, afterReply },
        [[account], [plan], [website]],
      ) => {
        refuseClosedWebsite([[account], [plan]], module, now);
        const store = forStore(db, input.application_key);
        const hits = rateLimitHitStatements(
          db,
          publicRequestBuckets(
            module,
            input.application_key,
            { clientAddress, websiteKeyed },
            {
              perStore: ENQUIRIES_PER_STORE,
              perClient: ENQUIRIES_PER_CLIENT,
            },
          ),
          now,
        );
        const medical = "date_of_birth" in input ? input : null;
        // The batch is one transaction and the id autoincrements: the store's newest enquiry is this one.
        const addedId = sql`(select max(${enquiries.id}) from ${enquiries} where ${store.where(enquiries)})`;
        const [[added]] = await store
          .batch([
            store
              .insert(enquiries, [
                {
                  kind,
                  name: input.name,
                  email: input.email,
                  phone: input.phone,
                  subject: input.subject,
                  dateOfBirth: medical?.date_of_birth ?? null,
                  preferredDate: medical?.preferred_date ?? null,
                  preferredTimeSlot: medical?.preferred_time_slot ?? null,
                  practitioner: medical?.practitioner ?? null,
                },
              ])
              .returning({ id: enquiries.id }),
            store.insert(enquiryMessages, [{ enquiryId: addedId, sender: "customer", body: input.message }]),
            ...hits,
          ])
          .catch((error: unknown) => {
            throw isRateLimitRefusal(error) ? rateLimitedError() : error;
          });
        const link = new URL(`${LIST_URLS[kind]}/${added.id}`, env.APP_URL).toString();
        const prefix = kind === "medical" ? "medi-enquiry" : "enquiry";
        const fill = (template: string) =>
          template.replaceAll("{{store}}", account.storeName).replaceAll("{{link}}", link);
        await afterReply(() =>
          mailer.send({
            to: website?.contactEmail ?? account.email,
            subject: `${fill(zhHK[`${prefix}-notice-subject`])} / ${fill(en[`${prefix}-notice-subject`])}`,
            text: `${fill(zhHK[`${prefix}-notice-body`])}\n\n---\n\n${fill(en[`${prefix}-notice-body`])}`,
          }),
        );
        return { id: added.id };
      },
    }),

    defineAction(names.list, `store:${module}:read`, async (input, { store }) => {
      const where = and(
        eq(enquiries.kind, kind),
        contains([enquiries.name, enquiries.email, enquiries.phone, enquiries.subject], input.keyword),
        input.status === undefined ? undefined : eq(enquiries.status, input.status),
        input.created_from === undefined ? undefined : gte(enquiries.createdAt, hongKongDayStart(input.created_from)),
        input.created_to === undefined ? undefined : lt(enquiries.createdAt, hongKongDayStart(input.created_to, 1)),
      );
      return pagedList(
        store,
        input,
        {
          rows: store.selectFields(enquiries, withAssignee, where),
          count: store.selectFields(enquiries, { total: count() }, where),
          sortBy: SORT_COLUMNS[input.sorting],
          id: enquiries.id,
        },
        toRecord,
      );
    }),

    defineAction(names.detail, `store:${module}:read`, {
      reads: ({ id }, { store }) =>
        [
          enquiryById(store, kind, id),
          store.select(enquiryMessages, eq(enquiryMessages.enquiryId, id)).orderBy(asc(enquiryMessages.id)),
          store
            .selectFields(storeStaff, { id: storeStaff.id, name: storeStaff.name }, eq(storeStaff.disabled, false))
            .orderBy(asc(storeStaff.name), asc(storeStaff.id)),
        ] as const,
      handler: async (_input, _context, [rows, messages, staff]): Promise<EnquiryDetail> => ({
        ...toRecord(found(rows)),
        messages: messages.map(toMessageRecord),
        staff,
      }),
    }),

    defineAction(names.update, `store:${module}:write`, {
      reads: ({ id, assignee_id }, { store }) =>
        [
          enquiryById(store, kind, id),
          store
            .selectFields(storeStaff, { id: storeStaff.id, name: storeStaff.name }, eq(storeStaff.id, assignee_id ?? 0))
            .limit(1),
        ] as const,
      handler: async ({ id, version, status, assignee_id, note }, { store, caller, now }, [rows, [assignee]]) => {
        const row = found(rows);
        if (assignee_id !== null && !assignee) {
          throw new ActionError(404, "not-found", { assignee_id: ["assignee-not-found"] });
        }
        const noteChanged = (row.note ?? null) !== note;
        await store
          .batch([
            store.update(
              enquiries,
              { status, assigneeId: assignee_id, note, version: nextVersion(enquiries.version, version) },
              eq(enquiries.id, id),
            ),
            store.log(caller, now, {
              action: "edit",
              dataType,
              recordId: id,
              recordName: logName(id),
              before: { ...handling(row), ...(noteChanged ? { note_changed: false } : {}) },
              after: {
                ...handling({ status, assigneeName: assignee?.name ?? null }),
                ...(noteChanged ? { note_changed: true } : {}),
              },
            }),
          ])
          .catch(rethrowStaleVersion);
        return null;
      },
    }),

    /** The reply joins the thread and the enquiry becomes `replied` (its version moves on: an open form is stale). */
    defineAction(names.reply, `store:${module}:write`, {
      reads: ({ enquiry_id }, { store }) =>
        [
          enquiryById(store, kind, enquiry_id),
          store.selectFields(storeAccounts, { storeName: storeAccounts.storeName }).limit(1),
        ] as const,
      handler: async ({ enquiry_id, message }, { store, caller, now, mailer, afterReply }, [rows, [account]]) => {
        const row = found(rows);
        const [[added]] = await store
          .batch([
            store
              .insert(enquiryMessages, [
                { enquiryId: enquiry_id, sender: "staff", authorEmail: caller.email, body: message },
              ])
              .returning({ id: enquiryMessages.id }),
            store.update(
              enquiries,
              { status: "replied", version: sql`${enquiries.version} + 1` },
              eq(enquiries.kind, kind),
              eq(enquiries.id, enquiry_id),
            ),
            store.log(caller, now, {
              action: "edit",
              dataType,
              recordId: enquiry_id,
              recordName: logName(enquiry_id),
              before: { status: row.status, replied: false },
              after: { status: "replied", replied: true },
            }),
          ])
          .catch((error: unknown) => {
            // Deleted for good between the read and this write: the thread has nothing to join.
            if (/FOREIGN KEY constraint failed/.test(errorText(error))) throw new ActionError(404, "enquiry-not-found");
            throw error;
          });
        await afterReply(() =>
          mailer.send({
            to: row.email,
            subject: `Re: ${row.subject}`,
            text: `${message}\n\n-- \n${account?.storeName ?? ""}`,
          }),
        );
        return { id: added.id };
      },
    }),

    defineAction(names.delete, `store:${module}:write`, {
      reads: ({ id }, { store }) => [enquiryById(store, kind, id)] as const,
      handler: async ({ id }, { store, caller, now }, [rows]) => {
        const row = found(rows);
        await store.batch([
          store.delete(enquiries, eq(enquiries.kind, kind), eq(enquiries.id, id)),
          store.log(caller, now, {
            action: "delete",
            dataType,
            recordId: id,
            recordName: logName(id),
            before: { status: row.status },
            after: null,
          }),
        ]);
        return null;
      },
    }),
  ];
}

export const enquiryActions = [...enquiryActionsOf("general"), ...enquiryActionsOf("medical")];

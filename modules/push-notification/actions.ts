import { desc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Payload } from "../../contract/actions";
import type { PUSH_NOTIFICATION_STATUSES } from "../../contract/options";
import {
  EDITABLE_PUSH_STATUSES,
  PUSH_STATUS_MOVES,
  type PushNotificationDetail,
  type PushNotificationRecord,
  type PushSubscriptionRecord,
} from "./contract";
import {
  joinLinkTargets,
  linkTargetColumnsOf,
  linkTargetReads,
  linkTargetSelection,
  toLinkTarget,
} from "../../backend/link-target";
import { forStore, type StoreScope } from "../../backend/db/scope";
import {
  members,
  pushNotificationMembers,
  pushNotifications,
  pushOutbox,
  pushSubscriptions,
} from "../../backend/db/schema";
import { nextVersion, rethrowStaleVersion } from "../../backend/db/version";
import { ActionError, found } from "../../backend/errors";
import { added, edited, type RecordName } from "../../backend/log";
import { createPushSender } from "../../backend/push";
import { outboxRow, pushMessageOf } from "../../backend/push-delivery";
import {
  isRateLimitRefusal,
  publicRequestBuckets,
  rateLimitedError,
  rateLimitHitStatements,
  refuseCountedAgainst,
} from "../../backend/rate-limit";
import { defineStoreCrud } from "../../backend/crud";
import { memberAudience, memberCodes, memberPickFields, toMemberPick } from "../../backend/member-picks";
import { defineAction, type PublicClient } from "../../backend/registry";
import { refuseClosedWebsite, storeWebsiteReads } from "../../backend/store-website";
import { errorText } from "../../backend/unique";
import { membersByKeys, resolveMembers } from "../promotion/actions";
import { requireOwnUploads, uploadsOf } from "../upload/actions";

type PushFields = Omit<Payload<"add_push_notification_data">, "application_key">;
type PushRow = typeof pushNotifications.$inferSelect;
type PushStatus = (typeof PUSH_NOTIFICATION_STATUSES)[number];

const DATA_TYPE = "push_notification_data";

/**
 * Subscriptions per store and per store and client address within the rate-limit window (an hour).
 * The store's ceiling holds a busy evening (several hundred an hour, from many visitors) several times
 * over, in each of its two buckets (with its website key and without: backend/rate-limit.ts).
 */
export const PUSH_SUBSCRIPTIONS_PER_STORE = 20_000;
export const PUSH_SUBSCRIPTIONS_PER_CLIENT = 20;
/** The subscribed browsers the test-send choice offers, newest first. */
export const TEST_SUBSCRIPTIONS_SHOWN = 50;

const SORT_COLUMNS = {
  create_date: pushNotifications.createdAt,
  send_at: pushNotifications.sendAt,
} as const;

/** The saved columns: a draft has no time; "now" is scheduled for this moment and sent at once. */
function toColumns(input: PushFields, now: Date, link: ReturnType<typeof linkTargetColumnsOf>) {
  return {
    ...link,
    titleZhHk: input.title_zh_hk,
    titleEn: input.title_en ?? null,
    bodyZhHk: input.body_zh_hk,
    bodyEn: input.body_en ?? null,
    imageUrl: input.image_url ?? null,
    audience: input.audience,
    status: (input.mode === "draft" ? "draft" : "scheduled") as PushStatus,
    sendAt: input.mode === "draft" ? null : input.mode === "now" ? now.toISOString() : input.send_at!,
  };
}

function toRecord(row: PushRow): PushNotificationRecord {
  return {
    id: row.id,
    title_zh_hk: row.titleZhHk,
    title_en: row.titleEn ?? "",
    body_zh_hk: row.bodyZhHk,
    body_en: row.bodyEn ?? "",
    image_url: row.imageUrl,
    audience: row.audience,
    status: row.status,
    send_at: row.sendAt,
    sent_at: row.sentAt,
    // -1 while a run is inserting its delivery rows.
    recipient_count: Math.max(0, row.recipientCount),
    sent_count: row.sentCount,
    failed_count: row.failedCount,
    removed_count: row.removedCount,
    create_date: row.createdAt,
    version: row.version,
  };
}

type Logged = Omit<ReturnType<typeof toColumns>, "linkProductId" | "linkCategoryId" | "linkCustomPageId"> &
  Partial<Pick<PushRow, "linkProductId" | "linkCategoryId" | "linkCustomPageId">>;

/** The fields as the log keeps them (members by their codes, the link as kind and target). */
const toLogged = (columns: Logged, memberCodes: string[]) => ({
  title_zh_hk: columns.titleZhHk,
  title_en: columns.titleEn,
  body_zh_hk: columns.bodyZhHk,
  body_en: columns.bodyEn,
  image_url: columns.imageUrl,
  audience: columns.audience,
  status: columns.status,
  send_at: columns.sendAt,
  link: columns.linkKind
    ? `${columns.linkKind} ${columns.linkUrl ?? columns.linkProductId ?? columns.linkCategoryId ?? columns.linkCustomPageId ?? ""}`
    : null,
  members: memberCodes.join(", "),
});

const namesOf = (columns: { titleZhHk: string; titleEn: string | null }): RecordName => ({
  zhHk: columns.titleZhHk,
  en: columns.titleEn || columns.titleZhHk,
});

/** A scheduled time must still be ahead (a form left open past it would send at once). */
function refusePastSchedule(input: PushFields, now: Date) {
  if (input.mode === "scheduled" && input.send_at! <= now.toISOString()) {
    throw new ActionError(400, "invalid-payload", { send_at: ["send-at-in-past"] });
  }
}

const pushById = (store: StoreScope, id: number) =>
  store.select(pushNotifications, eq(pushNotifications.id, id)).limit(1);

/** The push with its link's target (code, names; NULL ids when deleted). */
export const pushWithLinkById = (store: StoreScope, id: number) =>
  joinLinkTargets(
    store.selectFields(
      pushNotifications,
      { ...getTableColumns(pushNotifications), ...linkTargetSelection(pushNotifications) },
      eq(pushNotifications.id, id),
    ),
    pushNotifications,
  ).limit(1);

const audience = memberAudience(
  pushNotificationMembers,
  { record: pushNotificationMembers.notificationId, member: pushNotificationMembers.memberId },
  (notificationId, memberId) => ({ notificationId, memberId }),
);

function refuseNotEditable(row: PushRow) {
  if (!(EDITABLE_PUSH_STATUSES as readonly PushStatus[]).includes(row.status)) {
    throw new ActionError(409, "push-notification-not-editable");
  }
}

const subscriptionBuckets = (applicationKey: string, client: PublicClient) =>
  publicRequestBuckets("push_subscription", applicationKey, client, {
    perStore: PUSH_SUBSCRIPTIONS_PER_STORE,
    perClient: PUSH_SUBSCRIPTIONS_PER_CLIENT,
  });

/** The push service's host: enough to tell a subscriber's browser apart. */
const serviceOf = (endpoint: string) => {
  try {
    return new URL(endpoint).host;
  } catch {
    return endpoint;
  }
};

/** Only the list: a push's other actions carry its members, link and schedule. */
const listed = defineStoreCrud({
  entity: "push_notification",
  table: pushNotifications,
  module: "push_notification",
  toRecord,
});

export const pushNotificationActions = [
  listed.list({
    search: [
      pushNotifications.titleZhHk,
      pushNotifications.titleEn,
      pushNotifications.bodyZhHk,
      pushNotifications.bodyEn,
    ],
    sorts: SORT_COLUMNS,
    filter: ({ status }) => (status === undefined ? undefined : eq(pushNotifications.status, status)),
  }),

  defineAction("get_push_notification_data_by_application_key_and_id", "store:push_notification:read", {
    reads: ({ id }, { store }) => [pushWithLinkById(store, id), audience.of(store, id)] as const,
    handler: async (_input, _context, [rows, memberRows]): Promise<PushNotificationDetail> => {
      const row = found(rows);
      return { ...toRecord(row), link: toLinkTarget(row), members: memberRows.map(toMemberPick) };
    },
  }),

  defineAction("get_push_subscription_data_list_by_application_key", "store:push_notification:read", {
    reads: (_input, { store }) => {
      const newest = store
        .select(pushSubscriptions)
        .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
        .limit(TEST_SUBSCRIPTIONS_SHOWN);
      return [
        newest,
        store.selectFields(
          members,
          memberPickFields,
          inArray(
            members.id,
            store
              .selectFields(pushSubscriptions, { id: pushSubscriptions.memberId })
              .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
              .limit(TEST_SUBSCRIPTIONS_SHOWN),
          ),
        ),
      ] as const;
    },
    handler: async (_input, _context, [rows, memberRows]): Promise<PushSubscriptionRecord[]> => {
      const byId = new Map(memberRows.map((row) => [row.id, toMemberPick(row)]));
      return rows.map((row) => ({
        id: row.id,
        service: serviceOf(row.endpoint),
        language: row.language,
        member: row.memberId === null ? null : (byId.get(row.memberId) ?? null),
        create_date: row.createdAt,
      }));
    },
  }),

  defineAction("add_push_notification_data", "store:push_notification:write", {
    reads: (input, { store }) =>
      [
        uploadsOf(store, [input.image_url]),
        membersByKeys(store, input.members),
        ...linkTargetReads(store, input),
      ] as const,
    handler: async (
      { application_key: _key, ...input },
      { store, caller, now, sendPushNow },
      [upload, keyed, ...linked],
    ) => {
      requireOwnUploads({ image_url: input.image_url }, upload);
      refusePastSchedule(input, now);
      const chosen = input.audience === "specific" ? resolveMembers(input.members, keyed) : [];
      const columns = toColumns(input, now, linkTargetColumnsOf(input, linked));
      // The batch is one transaction and the id autoincrements: the store's newest push is this one.
      const addedId = sql`(select max(${pushNotifications.id}) from ${pushNotifications} where ${store.where(pushNotifications)})`;
      const [[inserted]] = await store.batch([
        store.insert(pushNotifications, [columns]).returning({ id: pushNotifications.id }),
        ...audience.linked(store, addedId, chosen),
        store.log(caller, now, added(DATA_TYPE, namesOf(columns), toLogged(columns, memberCodes(chosen)), addedId)),
      ]);
      if (input.mode === "now") await sendPushNow(store.applicationKey, inserted.id);
      return { id: inserted.id };
    },
  }),

  defineAction("update_push_notification_data_by_application_key_and_id", "store:push_notification:write", {
    reads: (input, { store }) =>
      [
        pushById(store, input.id),
        audience.of(store, input.id),
        uploadsOf(store, [input.image_url]),
        membersByKeys(store, input.members),
        ...linkTargetReads(store, input),
      ] as const,
    handler: async (
      { application_key: _key, id, version, ...input },
      { store, caller, now, sendPushNow },
      [rows, before, upload, keyed, ...linked],
    ) => {
      const row = found(rows);
      refuseNotEditable(row);
      requireOwnUploads({ image_url: input.image_url }, upload);
      refusePastSchedule(input, now);
      const chosen = input.audience === "specific" ? resolveMembers(input.members, keyed) : [];
      const columns = toColumns(input, now, linkTargetColumnsOf(input, linked));
      await store
        .batch([
          // A run that took it meanwhile raised its version: this save is then refused whole.
          store.update(
            pushNotifications,
            { ...columns, version: nextVersion(pushNotifications.version, version) },
            eq(pushNotifications.id, id),
          ),
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
        .catch(rethrowStaleVersion);
      if (input.mode === "now") await sendPushNow(store.applicationKey, id);
      return null;
    },
  }),

  defineAction("update_push_notification_status_data_by_application_key_and_id", "store:push_notification:write", {
    reads: ({ id }, { store }) => [pushById(store, id)] as const,
    handler: async ({ id, version, status }, { store, caller, now, sendPushNow }, [rows]) => {
      const row = found(rows);
      if (!(PUSH_STATUS_MOVES[status] as readonly PushStatus[]).includes(row.status)) {
        throw new ActionError(409, "push-notification-transition-not-allowed");
      }
      // Send now is a schedule for this moment, which the push job takes at once (and the minute job, should that fail).
      const moved =
        status === "sending"
          ? { status: "scheduled" as const, sendAt: now.toISOString() }
          : { status: "cancelled" as const, sendAt: row.sendAt };
      await store
        .batch([
          store.update(
            pushNotifications,
            { ...moved, version: nextVersion(pushNotifications.version, version) },
            eq(pushNotifications.id, id),
          ),
          store.log(caller, now, {
            action: "edit",
            dataType: DATA_TYPE,
            recordId: id,
            recordName: namesOf(row),
            before: { status: row.status, send_at: row.sendAt },
            after: { status: moved.status, send_at: moved.sendAt },
          }),
        ])
        .catch(rethrowStaleVersion);
      if (status === "sending") await sendPushNow(store.applicationKey, id);
      return null;
    },
  }),

  defineAction("add_push_notification_test_data", "store:push_notification:write", {
    reads: ({ id, subscription_id }, { store }) =>
      [
        pushWithLinkById(store, id),
        store.select(pushSubscriptions, eq(pushSubscriptions.id, subscription_id)).limit(1),
      ] as const,
    handler: async (_input, { store, env, now }, [rows, subscriptions]) => {
      const notification = found(rows);
      const subscription = found(subscriptions);
      const message = pushMessageOf(notification, subscription.language, env);
      const outcome = await createPushSender(env).send(subscription, message);
      await store.batch([
        store.insert(pushOutbox, [
          outboxRow(store.applicationKey, notification.id, subscription, message, outcome, now),
        ]),
        ...(outcome.status === "expired"
          ? [store.delete(pushSubscriptions, eq(pushSubscriptions.id, subscription.id))]
          : []),
      ]);
      return { status: outcome.status === "queued" ? "sent" : outcome.status };
    },
  }),

  defineAction("delete_push_notification_data_by_application_key_and_id", "store:push_notification:write", {
    reads: ({ id }, { store }) => [pushById(store, id)] as const,
    handler: async ({ id }, { store, caller, now }, [rows]) => {
      const row = found(rows);
      if (row.status !== "draft") throw new ActionError(409, "push-notification-not-editable");
      await store
        .batch([
          // Still a draft, or the whole batch is refused (NOT NULL): a push sent meanwhile is never deleted.
          store.update(
            pushNotifications,
            { version: sql`case when ${pushNotifications.status} = 'draft' then ${pushNotifications.version} end` },
            eq(pushNotifications.id, id),
          ),
          store.delete(pushNotifications, eq(pushNotifications.id, id)),
          store.log(caller, now, {
            action: "delete",
            dataType: DATA_TYPE,
            recordId: id,
            recordName: namesOf(row),
            before: { title_zh_hk: row.titleZhHk, status: row.status },
            after: null,
          }),
        ])
        .catch((error: unknown) => {
          if (/NOT NULL constraint failed: push_notification\.version/.test(errorText(error))) {
            throw new ActionError(409, "push-notification-not-editable");
          }
          throw error;
        });
      return null;
    },
  }),

  defineAction("get_push_public_key_data_by_application_key", "public", {
    // The key is the deployment's: a store disabled or without the module is refused within this long.
    cacheSeconds: 300,
    reads: ({ application_key }, { db, now }) => storeWebsiteReads(forStore(db, application_key), now),
    handler: async (_input, { env, now }, [account, plans]) => {
      refuseClosedWebsite([account, plans], "push_notification", now);
      if (!env.VAPID_PUBLIC_KEY) throw new ActionError(409, "push-not-configured");
      return { public_key: env.VAPID_PUBLIC_KEY };
    },
  }),

  defineAction("add_push_subscription_data", "public", {
    reads: ({ application_key, member_id }, { db, now }) => {
      const store = forStore(db, application_key);
      return [
        ...storeWebsiteReads(store, now),
        store
          .selectFields(members, { email: members.email, disabled: members.disabled }, eq(members.id, member_id ?? 0))
          .limit(1),
      ] as const;
    },
    handler: async (input, { db, now, clientAddress, websiteKeyed }, [account, plans, [member]]) => {
      const hits = rateLimitHitStatements(
        db,
        subscriptionBuckets(input.application_key, { clientAddress, websiteKeyed }),
        now,
      );
      try {
        refuseClosedWebsite([account, plans], "push_notification", now);
        const confirmed = member && !member.disabled && member.email === input.member_email?.toLowerCase();
        if (input.member_id !== undefined && !confirmed) {
          throw new ActionError(404, "user-not-found-or-disabled");
        }
      } catch (error) {
        return refuseCountedAgainst(db, hits, error);
      }
      const store = forStore(db, input.application_key);
      const columns = {
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        language: input.language,
        memberId: input.member_id ?? null,
      };
      const [[added]] = await db
        .batch([
          store
            .insert(pushSubscriptions, [{ endpoint: input.endpoint, ...columns }])
            .onConflictDoUpdate({
              target: [pushSubscriptions.applicationKey, pushSubscriptions.endpoint],
              set: { ...columns, memberId: input.member_id ?? sql`${pushSubscriptions.memberId}` },
            })
            .returning({ id: pushSubscriptions.id }),
          ...hits,
        ])
        .catch((error: unknown) => {
          throw isRateLimitRefusal(error) ? rateLimitedError() : error;
        });
      return { id: added.id };
    },
  }),
];

import { and, eq, getTableColumns, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { PushDeliveryStatus } from "../modules/push-notification/contract";
import type { Db } from "./db/client";
import { notMoving } from "./db/store-moving";
import {
  members,
  pushDeliveries,
  pushNotificationMembers,
  pushNotifications,
  pushOutbox,
  pushSubscriptions,
} from "./db/schema";
import type { BackendEnv } from "./env";
import { joinLinkTargets, linkTargetSelection, toLinkTarget } from "./link-target";
import { createPushSender, type PushMessage, type PushOutcome, type PushSender } from "./push";

/**
 * Messages one run sends at most: each is a fetch, and a Worker invocation makes at most 1,000 (paid plan).
 * A bigger audience goes on in the next minute's run.
 */
export const PUSH_MESSAGES_PER_RUN = 500;
/** A message taken by a run that never answered (its Worker was stopped) counts as failed after this long. */
const ABANDONED_AFTER_MS = 15 * 60 * 1000;

type NotificationRow = typeof pushNotifications.$inferSelect;
type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** A list of ids (or any JSON values) as one bound parameter: D1 binds at most 100 per statement. */
const inJson = (column: SQL | Parameters<typeof eq>[0], values: unknown[]) =>
  sql`${column} in (select value from json_each(${JSON.stringify(values)}))`;

/** Outbox rows per insert: 7 columns each, and D1 binds at most 100 parameters. */
const OUTBOX_ROWS_PER_INSERT = 14;

const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

/** The push with its link's target, as `pushMessageOf` needs it. */
export const pushWithLinkFields = { ...getTableColumns(pushNotifications), ...linkTargetSelection(pushNotifications) };
type PushWithLink = Parameters<typeof toLinkTarget>[0] &
  Pick<NotificationRow, "id" | "titleZhHk" | "titleEn" | "bodyZhHk" | "bodyEn" | "imageUrl">;

/** The push as a browser of that language shows it; the image absolute, for the store's own site. */
export function pushMessageOf(
  notification: PushWithLink,
  language: SubscriptionRow["language"],
  env: Pick<BackendEnv, "APP_URL">,
): PushMessage {
  const english = language === "en";
  const link = toLinkTarget(notification);
  return {
    title: (english && notification.titleEn) || notification.titleZhHk,
    body: (english && notification.bodyEn) || notification.bodyZhHk,
    image: notification.imageUrl ? new URL(notification.imageUrl, env.APP_URL).toString() : null,
    url: link?.kind === "url" ? link.url : null,
    // A target deleted since is no link: the visitor lands on the store's home page instead of a missing one.
    link:
      link && !link.broken
        ? {
            kind: link.kind,
            product_code: link.product_code,
            category_id: link.category_id,
            custom_page_id: link.custom_page_id,
            url: link.url,
          }
        : null,
    tag: `push-${notification.id}`,
  };
}

/** The outbox row of one message, to write with the delivery's own update. */
export const outboxRow = (
  applicationKey: string,
  notificationId: number | null,
  subscription: Pick<SubscriptionRow, "endpoint">,
  message: PushMessage,
  outcome: PushOutcome,
  now: Date,
) => ({
  applicationKey,
  notificationId,
  endpoint: subscription.endpoint,
  payload: JSON.stringify(message),
  status: outcome.status,
  responseStatus: outcome.responseStatus,
  createdAt: now.toISOString(),
});

/** A message kept in the outbox only has been delivered as far as this deployment delivers. */
const deliveryStatusOf = (outcome: PushOutcome): PushDeliveryStatus =>
  outcome.status === "queued" ? "sent" : outcome.status;

/** The subscriptions a push goes to, by its audience; members who are disabled get nothing. */
function audienceDeliveries(notification: Pick<NotificationRow, "id" | "applicationKey" | "audience">) {
  const activeMember = sql`${pushSubscriptions.memberId} in (select ${members.id} from ${members} where ${members.applicationKey} = ${notification.applicationKey} and ${members.disabled} = 0${
    notification.audience === "vip" ? sql` and ${members.level} = 'vip'` : sql``
  })`;
  const audience =
    notification.audience === "all"
      ? sql`(${pushSubscriptions.memberId} is null or ${activeMember})`
      : notification.audience === "vip"
        ? activeMember
        : sql`${activeMember} and ${pushSubscriptions.memberId} in (select ${pushNotificationMembers.memberId} from ${pushNotificationMembers} where ${pushNotificationMembers.notificationId} = ${notification.id})`;
  return sql`insert into ${pushDeliveries} (application_key, notification_id, subscription_id)
    select ${pushSubscriptions.applicationKey}, ${notification.id}, ${pushSubscriptions.id} from ${pushSubscriptions}
    where ${pushSubscriptions.applicationKey} = ${notification.applicationKey} and ${audience}
    on conflict do nothing`;
}

const audienceFields = {
  id: pushNotifications.id,
  applicationKey: pushNotifications.applicationKey,
  audience: pushNotifications.audience,
};

const countOf = (status: PushDeliveryStatus) =>
  sql<number>`(select count(*) from ${pushDeliveries} where ${pushDeliveries.notificationId} = ${pushNotifications.id} and ${pushDeliveries.status} = ${status})`;

/** Each push's counts, from its delivery rows. */
const countColumns = () => ({
  sentCount: countOf("sent"),
  failedCount: countOf("failed"),
  removedCount: countOf("expired"),
});

/**
 * The push job (every minute, and at once after "send now"; `only` narrows it to one push):
 * 1. due pushes move scheduled → sending by compare-and-set, so one run takes each, and get one delivery
 *    row per subscription of their audience (the pair is unique: a second insert adds nothing); until
 *    they are in, the push's recipient count is -1 and no run finishes it;
 * 2. up to PUSH_MESSAGES_PER_RUN pending rows are taken (pending → sending, one statement, so two runs
 *    never take the same row), sent, and marked with the push service's answer; a 404/410 removes the
 *    subscription;
 * 3. a push with nothing left pending ends sent (or failed when no message went), with its counts.
 */
export async function runPushDeliveries(
  db: Db,
  env: BackendEnv,
  now: Date,
  only?: { applicationKey: string; id: number },
  sender: PushSender = createPushSender(env),
) {
  const at = now.toISOString();
  const narrowed = only
    ? and(eq(pushNotifications.applicationKey, only.applicationKey), eq(pushNotifications.id, only.id))
    : undefined;
  // Claimed with no recipients counted yet (-1): no run finishes it before its delivery rows are in.
  const claimed = await db
    .update(pushNotifications)
    .set({ status: "sending", claimedAt: at, recipientCount: -1, version: sql`${pushNotifications.version} + 1` })
    .where(
      and(
        eq(pushNotifications.status, "scheduled"),
        lte(pushNotifications.sendAt, at),
        notMoving(pushNotifications.applicationKey),
        narrowed,
      ),
    )
    .returning(audienceFields);
  // A run stopped between its claim and its rows leaves a push at -1: a later run inserts them (idempotent).
  const stranded = await db
    .select(audienceFields)
    .from(pushNotifications)
    .where(
      and(
        eq(pushNotifications.status, "sending"),
        eq(pushNotifications.recipientCount, -1),
        lte(pushNotifications.claimedAt, new Date(now.getTime() - ABANDONED_AFTER_MS).toISOString()),
        notMoving(pushNotifications.applicationKey),
        narrowed,
      ),
    );
  for (const notification of [...claimed, ...stranded]) {
    await db.run(audienceDeliveries(notification));
    await db
      .update(pushNotifications)
      .set({
        recipientCount: sql`(select count(*) from ${pushDeliveries} where ${pushDeliveries.notificationId} = ${notification.id})`,
      })
      .where(eq(pushNotifications.id, notification.id));
  }

  const taken = await db
    .update(pushDeliveries)
    .set({ status: "sending", claimedAt: at })
    .where(
      inArray(
        pushDeliveries.id,
        db
          .select({ id: pushDeliveries.id })
          .from(pushDeliveries)
          .innerJoin(pushNotifications, eq(pushNotifications.id, pushDeliveries.notificationId))
          .where(
            and(
              eq(pushNotifications.status, "sending"),
              eq(pushDeliveries.status, "pending"),
              notMoving(pushDeliveries.applicationKey),
              narrowed,
            ),
          )
          .limit(PUSH_MESSAGES_PER_RUN),
      ),
    )
    .returning();
  if (taken.length > 0) await sendTaken(db, env, now, sender, taken);
  await finishPushes(db, now, narrowed);
}

async function sendTaken(
  db: Db,
  env: BackendEnv,
  now: Date,
  sender: PushSender,
  taken: (typeof pushDeliveries.$inferSelect)[],
) {
  const [notificationRows, subscriptionRows] = await db.batch([
    joinLinkTargets(db.select(pushWithLinkFields).from(pushNotifications).$dynamic(), pushNotifications).where(
      inJson(pushNotifications.id, [...new Set(taken.map((row) => row.notificationId))]),
    ),
    db
      .select()
      .from(pushSubscriptions)
      .where(
        inJson(
          pushSubscriptions.id,
          taken.flatMap((row) => row.subscriptionId ?? []),
        ),
      ),
  ]);
  const notifications = new Map(notificationRows.map((row) => [row.id, row]));
  const subscriptions = new Map(subscriptionRows.map((row) => [row.id, row]));
  const results = await Promise.all(
    taken.map(async (delivery) => {
      const notification = notifications.get(delivery.notificationId)!;
      const subscription = delivery.subscriptionId === null ? undefined : subscriptions.get(delivery.subscriptionId);
      // Removed since the push was claimed: nobody to send to.
      if (!subscription) return { delivery, status: "failed" as const, outbox: null };
      const message = pushMessageOf(notification, subscription.language, env);
      const outcome = await sender.send(subscription, message);
      return {
        delivery,
        status: deliveryStatusOf(outcome),
        outbox: outboxRow(notification.applicationKey, notification.id, subscription, message, outcome, now),
      };
    }),
  );
  const at = now.toISOString();
  const idsOf = (status: PushDeliveryStatus) =>
    results.filter((result) => result.status === status).map((result) => result.delivery.id);
  const outbox = results.flatMap((result) => result.outbox ?? []);
  const expired = results
    .filter((result) => result.status === "expired")
    .flatMap((result) => result.delivery.subscriptionId ?? []);
  const marked = (status: PushDeliveryStatus) =>
    db
      .update(pushDeliveries)
      .set({ status, finishedAt: at })
      .where(and(inJson(pushDeliveries.id, idsOf(status)), eq(pushDeliveries.status, "sending")));
  await db.batch([
    marked("sent"),
    marked("failed"),
    marked("expired"),
    ...chunks(outbox, OUTBOX_ROWS_PER_INSERT).map((rows) => db.insert(pushOutbox).values(rows)),
    db.delete(pushSubscriptions).where(inJson(pushSubscriptions.id, expired)),
    db
      .update(pushNotifications)
      .set({ ...countColumns(), sentAt: at })
      .where(inJson(pushNotifications.id, [...notifications.keys()])),
  ]);
}

/** Abandoned messages become failed; a push with none left to send is done. */
async function finishPushes(db: Db, now: Date, narrowed: SQL | undefined) {
  const abandonedBefore = new Date(now.getTime() - ABANDONED_AFTER_MS).toISOString();
  const open = sql`exists (select 1 from ${pushDeliveries} where ${pushDeliveries.notificationId} = ${pushNotifications.id} and ${pushDeliveries.status} in ('pending', 'sending'))`;
  await db.batch([
    db
      .update(pushDeliveries)
      .set({ status: "failed", finishedAt: now.toISOString() })
      .where(
        and(
          eq(pushDeliveries.status, "sending"),
          lte(pushDeliveries.claimedAt, abandonedBefore),
          notMoving(pushDeliveries.applicationKey),
        ),
      ),
    db
      .update(pushNotifications)
      .set({
        ...countColumns(),
        // Nothing reached anyone of a non-empty audience: failed.
        status: sql`case when ${countOf("sent")} = 0 and ${pushNotifications.recipientCount} > 0 then 'failed' else 'sent' end`,
        sentAt: sql`coalesce(${pushNotifications.sentAt}, ${now.toISOString()})`,
        version: sql`${pushNotifications.version} + 1`,
      })
      .where(
        and(
          eq(pushNotifications.status, "sending"),
          gte(pushNotifications.recipientCount, 0),
          sql`not ${open}`,
          notMoving(pushNotifications.applicationKey),
          narrowed,
        ),
      ),
  ]);
}

/** One message to one subscription outside a push: a reminder (backend/booking-reminders.ts). */
export interface DirectPush {
  applicationKey: string;
  subscription: SubscriptionRow;
  message: PushMessage;
}

/**
 * Messages that belong to no push, each to its subscription: sent, written to the outbox as a push's are, and
 * a subscription its push service says is gone removed.
 */
export async function sendDirectPushes(
  db: Db,
  env: BackendEnv,
  now: Date,
  pushes: DirectPush[],
  sender: PushSender = createPushSender(env),
) {
  if (pushes.length === 0) return;
  const results = await Promise.all(
    pushes.map(async (push) => ({ push, outcome: await sender.send(push.subscription, push.message) })),
  );
  const expired = results.filter(({ outcome }) => outcome.status === "expired").map(({ push }) => push.subscription.id);
  const outbox = results.map(({ push, outcome }) =>
    outboxRow(push.applicationKey, null, push.subscription, push.message, outcome, now),
  );
  await db.batch([
    db.delete(pushSubscriptions).where(inJson(pushSubscriptions.id, expired)),
    ...chunks(outbox, OUTBOX_ROWS_PER_INSERT).map((rows) => db.insert(pushOutbox).values(rows)),
  ]);
}

/** The subscriptions of these members (D1's bind limit kept: the ids go as one JSON value). */
export const subscriptionsOfMembers = (db: Db, memberIds: number[]) =>
  db
    .select()
    .from(pushSubscriptions)
    .where(inJson(pushSubscriptions.memberId, [...new Set(memberIds)]));

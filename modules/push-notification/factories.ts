import type { Db } from "../../backend/db/client";
import { pushNotifications, pushSubscriptions } from "../../backend/db/schema";
import { unique } from "../../tests/helpers/factories";
import type { PushNotificationExampleRecords } from "./contract";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";

/** A subscribed browser of the store (a made-up endpoint unless given), perhaps a member's. */
export async function createPushSubscription(
  db: Db,
  applicationKey: string,
  overrides: Partial<typeof pushSubscriptions.$inferInsert> = {},
) {
  const [row] = await db
    .insert(pushSubscriptions)
    .values({
      applicationKey,
      endpoint: `https://fcm.googleapis.com/fcm/send/${unique()}`,
      p256dh: `B${"A".repeat(86)}`,
      auth: "A".repeat(22),
      ...overrides,
    })
    .returning();
  return row;
}

/** A push of the store: a draft to all subscribers unless told otherwise. */
export async function createPushNotification(
  db: Db,
  applicationKey: string,
  overrides: Partial<typeof pushNotifications.$inferInsert> = {},
) {
  const [row] = await db
    .insert(pushNotifications)
    .values({
      applicationKey,
      titleZhHk: `推送 ${unique()}`,
      titleEn: "Push",
      bodyZhHk: "新貨到",
      bodyEn: "New arrivals",
      audience: "all",
      ...overrides,
    })
    .returning();
  return row;
}

export async function pushNotificationExampleRecords(
  db: Db,
  { application_key, member_id }: SharedExampleRecords,
): Promise<PushNotificationExampleRecords> {
  const [push, scheduled, subscription] = await Promise.all([
    createPushNotification(db, application_key),
    createPushNotification(db, application_key, { status: "scheduled", sendAt: "2099-01-01T00:00:00.000Z" }),
    createPushSubscription(db, application_key, { memberId: member_id }),
  ]);
  return {
    push_notification_id: push.id,
    scheduled_push_notification_id: scheduled.id,
    push_subscription_id: subscription.id,
  };
}

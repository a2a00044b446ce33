import type { Db } from "../../backend/db/client";
import { pushNotifications, pushSubscriptions } from "../../backend/db/schema";
import { unique } from "../../tests/helpers/factories";

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
      endpoint: `https://push.example.com/send/${unique()}`,
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

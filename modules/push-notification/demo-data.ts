import { hongKongDate } from "../../contract/dates";
import { quote, addDays, type ModuleDemoData } from "../../scripts/demo-sql";

/** Demo Shop's pushes: two sent (to everyone, then to VIP members) and one scheduled for tomorrow 10:00. */
const DEMO_PUSHES = [
  {
    titleZhHk: "新茶到店",
    titleEn: "New teas are in",
    bodyZhHk: "春季烏龍及白茶已到，門市及網店同步發售。",
    bodyEn: "Spring oolong and white tea have arrived, in store and online.",
    audience: "all",
    daysFromNow: -12,
  },
  {
    titleZhHk: "VIP 專享：買二送一",
    titleEn: "VIP only: buy 2 get 1 free",
    bodyZhHk: "本週末 VIP 會員指定茶葉買二送一。",
    bodyEn: "This weekend, VIP members get a third tin free on selected teas.",
    audience: "vip",
    daysFromNow: -3,
  },
  {
    titleZhHk: "中秋禮盒預訂",
    titleEn: "Mid-Autumn gift boxes",
    bodyZhHk: "中秋禮盒現已接受預訂，早鳥九折。",
    bodyEn: "Mid-Autumn gift boxes are open for orders: 10% off for early birds.",
    audience: "all",
    daysFromNow: 1,
  },
] as const;

/**
 * Browsers subscribed on Demo Shop's website (made-up endpoints, so nothing leaves the outbox): eight
 * members' (the first two VIP) and four visitors'; the pushes above with their delivery rows. Skipped when there.
 */
export function demoPushSql(now: Date, imageUrl: string): string {
  const key = quote("demo-shop");
  const statements: string[] = [];
  const vipIds = `(SELECT id FROM member WHERE application_key = ${key} AND level = 'vip' ORDER BY member_number LIMIT 2)`;
  const generalIds = `(SELECT id FROM member WHERE application_key = ${key} AND level = 'general' AND disabled = 0 ORDER BY member_number LIMIT 6)`;
  const subscriptions = [
    ...[0, 1].map((index) => ({ member: `(SELECT id FROM ${vipIds} LIMIT 1 OFFSET ${index})`, language: "zh-HK" })),
    ...[0, 1, 2, 3, 4, 5].map((index) => ({
      member: `(SELECT id FROM ${generalIds} LIMIT 1 OFFSET ${index})`,
      language: index % 3 === 0 ? "en" : "zh-HK",
    })),
    ...[0, 1, 2, 3].map((index) => ({ member: "NULL", language: index === 0 ? "en" : "zh-HK" })),
  ];
  subscriptions.forEach((subscription, index) => {
    const created = new Date(now.getTime() - (40 - index) * 86_400_000).toISOString();
    statements.push(`INSERT INTO push_subscription (application_key, member_id, endpoint, p256dh, auth, language, created_at)
      VALUES (${key}, ${subscription.member}, ${quote(`https://fcm.googleapis.com/fcm/send/demo-shop-${index + 1}`)},
        ${quote(`B${"A".repeat(86)}`)}, ${quote("A".repeat(22))}, ${quote(subscription.language)}, ${quote(created)})
      ON CONFLICT (application_key, endpoint) DO NOTHING;`);
  });
  for (const push of DEMO_PUSHES) {
    const sent = push.daysFromNow < 0;
    const sendAt = sent
      ? new Date(now.getTime() + push.daysFromNow * 86_400_000).toISOString()
      : `${addDays(hongKongDate(now), push.daysFromNow)}T02:00:00.000Z`;
    const pushOf = `(SELECT id FROM push_notification WHERE application_key = ${key} AND title_zh_hk = ${quote(push.titleZhHk)})`;
    const audience =
      push.audience === "vip"
        ? `member_id IN (SELECT id FROM member WHERE application_key = ${key} AND level = 'vip' AND disabled = 0)`
        : "1 = 1";
    statements.push(`INSERT INTO push_notification (application_key, title_zh_hk, title_en, body_zh_hk, body_en, image_url,
        audience, status, send_at, claimed_at, sent_at, created_at)
      SELECT ${key}, ${quote(push.titleZhHk)}, ${quote(push.titleEn)}, ${quote(push.bodyZhHk)}, ${quote(push.bodyEn)},
        ${quote(sent ? null : imageUrl)}, ${quote(push.audience)}, ${quote(sent ? "sent" : "scheduled")}, ${quote(sendAt)},
        ${quote(sent ? sendAt : null)}, ${quote(sent ? sendAt : null)}, ${quote(new Date(Date.parse(sendAt) - 86_400_000).toISOString())}
      WHERE NOT EXISTS (SELECT 1 FROM push_notification WHERE application_key = ${key} AND title_zh_hk = ${quote(push.titleZhHk)});`);
    if (!sent) continue;
    statements.push(`INSERT OR IGNORE INTO push_delivery (application_key, notification_id, subscription_id, status, claimed_at, finished_at)
      SELECT ${key}, ${pushOf}, id, 'sent', ${quote(sendAt)}, ${quote(sendAt)} FROM push_subscription
      WHERE application_key = ${key} AND created_at < ${quote(sendAt)} AND ${audience};`);
    statements.push(`UPDATE push_notification SET
        recipient_count = (SELECT count(*) FROM push_delivery WHERE notification_id = push_notification.id),
        sent_count = (SELECT count(*) FROM push_delivery WHERE notification_id = push_notification.id AND status = 'sent')
      WHERE id = ${pushOf};`);
  }
  return statements.join("\n");
}

export const pushNotificationDemoData: ModuleDemoData = {
  rank: 90,
  sql: ({ now, images }) => demoPushSql(now, images.gift),
};

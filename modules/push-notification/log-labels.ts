/** How the logs show the push-notification module's changes: each logged field's label (its form's) and how its value reads. */
import { text, type LogLabels } from "~/server/log-labels";

export const pushNotificationLogLabels = {
  push_notification_data: {
    title_zh_hk: text("push-notification:field.title-zh-hk"),
    title_en: text("push-notification:field.title-en"),
    body_zh_hk: text("push-notification:field.body-zh-hk"),
    body_en: text("push-notification:field.body-en"),
    image_url: { label: "push-notification:field.image", kind: "files" },
    audience: { label: "push-notification:field.audience", kind: "push-notification:audience" },
    members: text("push-notification:field.members"),
    status: { label: "push-notification:field.status", kind: "push-notification:status" },
    send_at: text("push-notification:field.send-at"),
    link: text("push-notification:section.link"),
  },
} satisfies LogLabels;

/** How the logs show the push-notification module's changes: each logged field's label (its form's) and how its value reads. */
import { text, type LogLabels } from "~/server/log-labels";

export const pushNotificationLogLabels = {
  push_notification_data: {
    title_zh_hk: text("push-notifications:field.title-zh-hk"),
    title_en: text("push-notifications:field.title-en"),
    body_zh_hk: text("push-notifications:field.body-zh-hk"),
    body_en: text("push-notifications:field.body-en"),
    image_url: { label: "push-notifications:field.image", kind: "files" },
    audience: { label: "push-notifications:field.audience", kind: "push-notifications:audience" },
    members: text("push-notifications:field.members"),
    status: { label: "push-notifications:field.status", kind: "push-notifications:status" },
    send_at: text("push-notifications:field.send-at"),
    link: text("push-notifications:section.link"),
  },
} satisfies LogLabels;

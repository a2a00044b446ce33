/** How the logs show the gift-card module's changes: each logged field's label (its form's) and how its value reads. */
import { money, text, type LogLabels } from "~/server/log-labels";

export const giftCardLogLabels = {
  gift_card_data: {
    initial_cents: money("gift-card:field.amount"),
    balance_cents: money("gift-card:field.balance"),
    expiry_date: text("gift-card:field.expiry-date"),
    recipient_name: text("gift-card:field.recipient-name"),
    recipient_email: text("gift-card:field.recipient-email"),
    recipient_language: text("gift-card:field.recipient-language"),
    note: text("gift-card:field.note"),
    reason: text("gift-card:field.reason"),
    disabled_at: text("gift-card:field.disabled-at"),
    disabled_reason: text("gift-card:field.disabled-reason"),
    replaces: text("gift-card:field.replaces"),
    emailed_to: text("gift-card:field.emailed-to"),
  },
} satisfies LogLabels;

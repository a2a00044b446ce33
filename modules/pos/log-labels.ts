/** How the logs show the pos module's changes: each logged field's label and how its value reads. */
import { count, flag, text, type LogLabels } from "~/server/log-labels";

export const posLogLabels = {
  pos_offline_review: {
    reviewed: flag("pos:offline-review.state.reviewed"),
  },
  pos_connection: {
    went_offline_at: text("pos:connection-log.went-offline-at"),
    back_online_at: text("pos:connection-log.back-online-at"),
    sales: count("pos:connection-log.sales"),
  },
} satisfies LogLabels;

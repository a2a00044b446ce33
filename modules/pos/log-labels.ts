/** How the logs show the pos module's changes: each logged field's label and how its value reads. */
import { flag, type LogLabels } from "~/server/log-labels";

export const posLogLabels = {
  pos_offline_review: {
    reviewed: flag("pos:offline-review.state.reviewed"),
  },
} satisfies LogLabels;

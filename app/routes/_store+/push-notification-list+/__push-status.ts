import { PUSH_NOTIFICATION_STATUSES } from "#contract/options";
import type { PushNotificationStatus } from "#modules/push-notification/contract";

/** Each status's badge colour, on the list and the detail page. */
export const STATUS_TONES = {
  draft: undefined,
  scheduled: "info",
  sending: "attention",
  sent: "success",
  cancelled: undefined,
  failed: "critical",
} as const satisfies Record<PushNotificationStatus, string | undefined>;

/** The list's status filter: any, or one status. */
export const STATUS_FILTERS = ["all", ...PUSH_NOTIFICATION_STATUSES] as const;

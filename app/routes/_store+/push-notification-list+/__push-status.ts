import type { PushNotificationStatus } from "#contract/push-notifications";

/** Each status's badge colour, on the list and the detail page. */
export const STATUS_TONES = {
  draft: undefined,
  scheduled: "info",
  sending: "attention",
  sent: "success",
  cancelled: undefined,
  failed: "critical",
} as const satisfies Record<PushNotificationStatus, string | undefined>;

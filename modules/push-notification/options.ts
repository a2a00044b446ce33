export const PUSH_NOTIFICATION_SORTS = ["create_date", "send_at"] as const;

export const PUSH_NOTIFICATION_LOG_DATA_TYPES = {
  push_notification_data: "push_notification",
} as const;

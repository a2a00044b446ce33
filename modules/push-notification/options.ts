export const PUSH_NOTIFICATION_SORTS = ["create_date", "send_at"] as const;

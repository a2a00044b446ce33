export const APPOINTMENT_RECORD_SORTS = ["starts_at", "create_date"] as const;

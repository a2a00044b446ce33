import { APPOINTMENT_RECORD_STATUSES } from "#contract/options";

export const STATUS_FILTERS = ["all", ...APPOINTMENT_RECORD_STATUSES] as const;

/** A booking still to come stands out; a cancelled one is done with. */
export const STATUS_TONES = {
  success: "info",
  completed: "success",
  cancelled: undefined,
} as const;

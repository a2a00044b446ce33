export const APPOINTMENT_RECORD_SORTS = ["starts_at", "create_date"] as const;

export const APPOINTMENT_RECORD_LOG_DATA_TYPES = {
  appointment_record_data: "appointment",
  medi_appointment_record_data: "medi_appointment",
} as const;

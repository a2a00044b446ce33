export const PROVIDER_SORTS = ["create_date", "name"] as const;
export const APPOINTMENT_CATEGORY_SORTS = ["create_date", "name"] as const;
export const APPOINTMENT_SERVICE_SORTS = ["sort_order", "create_date", "name", "price"] as const;
export const PROVIDER_STATUSES = ["active", "inactive"] as const;

export const APPOINTMENT_SETUP_LOG_DATA_TYPES = {
  appointment_provider_data: "appointment",
  appointment_category_data: "appointment",
  appointment_service_data: "appointment",
  medi_appointment_provider_data: "medi_appointment",
  medi_appointment_category_data: "medi_appointment",
  medi_appointment_service_data: "medi_appointment",
} as const;

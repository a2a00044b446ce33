export const ENQUIRY_SORTS = ["create_date", "name"] as const;

export const ENQUIRY_LOG_DATA_TYPES = {
  enquiry_data: "enquiry",
  medi_enquiry_data: "medi_enquiry",
} as const;

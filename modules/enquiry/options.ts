export const ENQUIRY_SORTS = ["create_date", "name"] as const;

export const MEMBER_SORTS = ["create_date", "registration_date", "name"] as const;

export const MEMBER_LOG_DATA_TYPES = {
  member_data: "member",
} as const;

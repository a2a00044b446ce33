export const MEMBER_SORTS = ["create_date", "registration_date", "name"] as const;

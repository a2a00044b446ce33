export const MEMBER_SORTS = ["create_date", "registration_date", "name"] as const;

export const MEMBER_LOG_DATA_TYPES = {
  member_data: "member",
  member_store_credit: "member",
} as const;

/** Why a member's store credit changed: an adjustment by staff now; refunds and payments with it to come. */
export const STORE_CREDIT_ENTRY_KINDS = ["adjust", "refund", "redeem"] as const;
export const STORE_CREDIT_ENTRY_SORTS = ["create_date"] as const;
/** The most a store-credit adjustment moves either way: HK$100,000, in cents. */
export const MAX_STORE_CREDIT_ADJUST_CENTS = 10_000_000;

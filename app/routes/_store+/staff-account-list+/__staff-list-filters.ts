import { STORE_STAFF_ROLES, STORE_STAFF_STATUSES } from "#contract/options";

export const ROLE_FILTERS = ["all", ...STORE_STAFF_ROLES] as const;
export const STATUS_FILTERS = ["all", ...STORE_STAFF_STATUSES] as const;

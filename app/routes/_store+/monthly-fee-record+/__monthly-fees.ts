import { MONTHLY_FEE_STATUSES } from "#contract/options";

export const LIST_URL = "/monthly-fee-record";
export const PLAN_URL = `${LIST_URL}/plan`;
export const STATUS_FILTERS = ["all", ...MONTHLY_FEE_STATUSES] as const;

/** What waits for the member's payment stands out. */
export const STATUS_TONES = { pending: "attention", paid: "success", cancelled: undefined } as const;

export const memberFeesUrl = (memberId: number) => `${LIST_URL}/user/${memberId}`;

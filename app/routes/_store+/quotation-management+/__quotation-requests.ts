import { QUOTATION_REQUEST_STATUSES } from "#contract/options";

export const LIST_URL = "/quotation-management";

export const STATUS_FILTERS = ["all", ...QUOTATION_REQUEST_STATUSES] as const;

/** A new request waits for the store; a quoted one is done here, a closed one too. */
export const STATUS_TONES = { new: "attention", quoted: "success", closed: undefined } as const;

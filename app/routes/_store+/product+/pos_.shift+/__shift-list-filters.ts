import { POS_SHIFT_STATES } from "#contract/options";

export const STATE_FILTERS = ["all", ...POS_SHIFT_STATES] as const;

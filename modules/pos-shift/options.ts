export const POS_SHIFT_SORTS = ["opened_at"] as const;

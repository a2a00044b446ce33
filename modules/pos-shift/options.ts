export const POS_SHIFT_SORTS = ["opened_at"] as const;

export const POS_SHIFT_LOG_DATA_TYPES = {
  pos_shift: "pos",
} as const;

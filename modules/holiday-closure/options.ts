export const HOLIDAY_CLOSURE_SORTS = ["start_date", "create_date"] as const;

/** Which closures a list shows by their days against today in Hong Kong: not yet over, or over. */
export const HOLIDAY_CLOSURE_PERIODS = ["upcoming", "past"] as const;

/** Sales staff see the days the store is closed; the admin sets them. */
export const HOLIDAY_CLOSURE_SALES_ACCESS = { holiday_closure: "read" } as const;

export const HOLIDAY_CLOSURE_LOG_DATA_TYPES = {
  holiday_closure_data: "holiday_closure",
} as const;

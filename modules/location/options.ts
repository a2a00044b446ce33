/** The list's orders: the fulfilment order (the default, first first as `position.DESC`) or by name. */
export const LOCATION_SORTS = ["position", "name"] as const;

/** What a list may narrow to: the locations that sell at a counter, ship online orders, or are pickup points. */
export const LOCATION_USES = ["counter", "online", "pickup"] as const;

export const LOCATION_MOVES = ["up", "down"] as const;

/** Sales staff see the shops and pickup points (as they see the inventory); the admin sets them up. */
export const LOCATION_SALES_ACCESS = { location: "read" } as const;

export const LOCATION_LOG_DATA_TYPES = {
  location_data: "location",
} as const;

/** A transfer's statuses: a draft is sent (its stock leaves), then received, partly first if so; only a draft is cancelled. */
export const STOCK_TRANSFER_STATUSES = ["draft", "sent", "partially_received", "received", "cancelled"] as const;

/** The moves a person makes with the status action: send or cancel a draft. */
export const STOCK_TRANSFER_MOVES = ["sent", "cancelled"] as const;

/** Statuses that take a receipt. */
export const RECEIVING_STATUSES = ["sent", "partially_received"] as const;

/** The list's orders: newest first by default. */
export const STOCK_TRANSFER_SORTS = ["create_date"] as const;

/** At most this many units of a variant on one line. */
export const MAX_TRANSFER_QUANTITY = 100_000;

export const MAX_STOCK_TRANSFER_LINES = 100;

/** Sales staff see transfers (as they see locations and the inventory); the admin makes and moves them. */
export const STOCK_TRANSFER_SALES_ACCESS = { stock_transfer: "read" } as const;

export const STOCK_TRANSFER_LOG_DATA_TYPES = {
  stock_transfer_data: "stock_transfer",
} as const;

/** TR00001: the store's own sequence. */
export const stockTransferNumber = (number: number) => `TR${String(number).padStart(5, "0")}`;

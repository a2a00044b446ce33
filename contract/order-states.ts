import type { ORDER_STATUSES } from "./options";

export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Where an order's status may go from each status (spec §4). An online order waits for its payment
 * (`awaiting_payment`), or for the store to check the proof the customer uploaded (`unverified_payment`:
 * verify → `paid`, reject → back to `awaiting_payment`). A paid order is prepared, delivered and completed;
 * a counter sale without delivery completes at once. Only an unpaid order is cancelled; a paid one is
 * refunded. Every move is a compare-and-set on the status it comes from.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  awaiting_payment: ["unverified_payment", "paid", "cancelled"],
  unverified_payment: ["paid", "awaiting_payment", "cancelled"],
  paid: ["preparing", "completed", "refunded"],
  preparing: ["delivering", "completed", "refunded"],
  delivering: ["completed", "refunded"],
  completed: ["refunded"],
  cancelled: [],
  refunded: [],
};

export const canMove = (from: OrderStatus, to: OrderStatus): boolean => ORDER_TRANSITIONS[from].includes(to);

/**
 * The reference a customer is asked to quote with a transfer, which the FPS QR code carries (ID 62) and staff
 * match proofs by: an order's number, and a credit order's id after "C" so that it never reads as an order's.
 */
export const orderPaymentReference = (order: { orderNumber: number }) => String(order.orderNumber);
export const creditOrderPaymentReference = (order: { id: number }) => `C${order.id}`;

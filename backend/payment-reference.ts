/**
 * The reference a customer is asked to quote with a transfer, which the FPS QR code carries (ID 62) and staff
 * match proofs by: an order's number, and the id of anything else after a letter so that it never reads as an
 * order's ("C" a credit order, "M" a monthly fee, "R" a rental's deposit).
 */
export const orderPaymentReference = (order: { orderNumber: number }) => String(order.orderNumber);
export const creditOrderPaymentReference = (order: { id: number }) => `C${order.id}`;
export const monthlyFeePaymentReference = (fee: { id: number }) => `M${fee.id}`;
export const rentalPaymentReference = (rental: { id: number }) => `R${rental.id}`;

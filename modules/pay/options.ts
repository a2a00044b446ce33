/**
 * The customer's payment page (`/pay/<token>`, module folder `pay`): what a page shows without a form. Imports
 * nothing, so the page loads no zod for it.
 */

/** What a payment link is for (backend/pay-link.ts): an order, a credit order, a monthly fee, a rental's deposit. */
export const PAY_LINK_KINDS = ["order", "credit-order", "monthly-fee", "rental"] as const;
export type PayLinkKind = (typeof PAY_LINK_KINDS)[number];

/** Methods a customer pays by transfer to the store's account, then shows the proof of: the page lists these. */
export const TRANSFER_PAYMENT_METHODS = ["fps", "payme", "alipay_hk", "wechat_pay", "bank_transfer"] as const;
export type TransferPaymentMethod = (typeof TRANSFER_PAYMENT_METHODS)[number];

/** Where what is owed stands, as the customer sees it: to pay, a proof sent and being checked, or paid. */
export const PAY_STATUSES = ["awaiting_payment", "proof_received", "paid"] as const;
export type PayStatus = (typeof PAY_STATUSES)[number];

import * as z from "zod";
import type { Examples } from "../../contract/examples";
import type { FpsQrData } from "../../contract/fps-qr";
import { MAX_CENTS, optional } from "../../contract/field-rules";
import { STORED_VALUE_METHODS, type ORDER_PAYMENT_METHODS } from "../../contract/options";
import { giftCardCode } from "../gift-card/contract";
import { MAX_PROOF_IMAGES } from "../checkout/contract";
import type { OrderDetail } from "../order/contract";
import { TRANSFER_PAYMENT_METHODS, type PayLinkKind, type PayStatus, type TransferPaymentMethod } from "./options";

/**
 * The customer's payment page (`/pay/<token>`): what one amount owed to a store is for, how to pay it by
 * transfer, and, for an order or a credit order, the proof of payment. The signed token (backend/pay-link.ts)
 * is the only key.
 */

/** A payment link's token: the signed store, kind, id, amount and expiry. */
export const payToken = z
  .string()
  .trim()
  .max(300)
  .regex(/^[\w.-]+$/);

export const payPayloads = {
  /** What a payment link is for (public: the signed token is the key). */
  get_pay_data_by_token: z.object({ token: payToken }),
  /**
   * The customer's proof of payment through the link, for an order or a credit order awaiting payment:
   * the method they paid by (one the store has switched on) and 1 to 3 images, as data URLs.
   */
  update_pay_proof_data_by_token: z.object({
    token: payToken,
    payment_method: z.enum(TRANSFER_PAYMENT_METHODS, { error: "force-input" }),
    proof_images: z.array(z.string(), { error: "force-input" }).min(1, { error: "force-input" }).max(MAX_PROOF_IMAGES),
  }),
  /**
   * Part or all of an order awaiting payment paid through the link by stored value: a gift card (its code) or
   * the order's member's store credit. `amount_cents` left out: as much as the card or credit covers of what
   * is owed. Paid in full, the order is paid.
   */
  add_pay_stored_value_data: z.object({
    token: payToken,
    method: z.enum(STORED_VALUE_METHODS),
    gift_card_code: optional(giftCardCode),
    amount_cents: optional(z.int().min(1).max(MAX_CENTS)),
  }),
};

/** One thing paid for: an order line, a credit package, a monthly plan's period, a rental's deposit. */
export interface PayLine {
  name_zh_hk: string;
  name_en: string;
  variant_name_zh_hk: string | null;
  variant_name_en: string | null;
  quantity: number;
  amount_cents: number;
}

/** A transfer method the store has switched on, as the customer is told to use it. */
export interface PayMethod {
  method: TransferPaymentMethod;
  /** The store's own name for it; null: the method's usual name. */
  name_zh_hk: string | null;
  name_en: string | null;
  instructions_zh_hk: string | null;
  instructions_en: string | null;
  /** The account paid into: an FPS identifier, a PayMe link, a bank account. */
  account_id: string | null;
  qr_image_url: string | null;
}

export interface PayPage {
  kind: PayLinkKind;
  /** The record's number as the store names it: `#1001`. */
  number: string;
  /** The reference the customer gives with the transfer (the FPS QR code carries it): `1001`, `C12`, `M5`, `R7`. */
  reference: string;
  amount_cents: number;
  /** What is left to pay after the gift cards and store credit already paid (an order's). */
  owed_cents: number;
  /** What gift cards and store credit have paid of it, each. */
  stored_value_paid: { method: (typeof STORED_VALUE_METHODS)[number]; amount_cents: number }[];
  /** Whether a gift card can pay here: an order awaiting payment, of a store with gift cards. */
  takes_gift_card: boolean;
  /** The order's member's store credit while it can pay here; null for a guest or no balance. */
  store_credit_cents: number | null;
  status: PayStatus;
  lines: PayLine[];
  /** A monthly fee's period (Hong Kong dates) or a rental's time (UTC instants). */
  period: { from: string; to: string } | null;
  /** Whether a proof can be sent here: an order or a credit order awaiting payment, to a store taking transfers. */
  takes_proof: boolean;
  /** The method the record names, chosen first in the proof form. */
  payment_method: (typeof ORDER_PAYMENT_METHODS)[number] | null;
  store: OrderDetail["store"];
  methods: PayMethod[];
  /** The dynamic FPS QR code of the amount and reference, while it is to pay and the store has an FPS identifier. */
  fps_qr: FpsQrData | null;
}

export interface PayResults {
  get_pay_data_by_token: PayPage;
  update_pay_proof_data_by_token: { status: PayStatus };
  add_pay_stored_value_data: { status: PayStatus; paid_cents: number; owed_cents: number };
}

export interface PayExampleRecords {
  /** The payment link's token of an order of the store awaiting payment by FPS. */
  pay_token: string;
  /** A gift card of the store with a balance, to pay part of it. */
  gift_card_code: string;
}

const ONE_PIXEL_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

export const payExamples: Examples<typeof payPayloads> = {
  get_pay_data_by_token: ({ pay_token }) => ({ token: pay_token }),
  update_pay_proof_data_by_token: ({ pay_token }) => ({
    token: pay_token,
    payment_method: "fps",
    proof_images: [`data:image/png;base64,${ONE_PIXEL_PNG}`],
  }),
  add_pay_stored_value_data: ({ pay_token, gift_card_code }) => ({
    token: pay_token,
    method: "gift_card",
    gift_card_code,
    amount_cents: 100,
  }),
};

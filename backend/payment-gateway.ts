/**
 * Card payments go through a gateway: the store's website gets a token for the card from the gateway's
 * own form (the card number never reaches us) and the order charges it. Only the local test adapter
 * exists; a real gateway is another implementation of the same interface, chosen in `backend/index.ts`.
 */
export interface PaymentGateway {
  /**
   * Charges the card. `reference` is ours (the store and the submission), for the gateway's records; the
   * answer's `reference` is the gateway's own id of this charge, one for every charge.
   */
  charge(charge: { cardToken: string; amountCents: number; reference: string }): Promise<ChargeResult>;
  /** Gives back a charge that pays no order: its write was refused, or a racing replay made the order. */
  refund(refund: { reference: string; amountCents: number }): Promise<void>;
}

export type ChargeResult = { ok: true; reference: string } | { ok: false };

/** The test card that is always declined (as in the gateways' own test modes); every other token pays. */
export const DECLINED_TEST_CARD = "4000000000000002";

export const testPaymentGateway: PaymentGateway = {
  async charge({ cardToken }) {
    if (cardToken === DECLINED_TEST_CARD) return { ok: false };
    return { ok: true, reference: `test_${crypto.randomUUID()}` };
  },
  async refund() {},
};

/**
 * Card payments go through a gateway: the store's website gets a token for the card from the gateway's
 * own form (the card number never reaches us) and the order charges it. Only the local test adapter
 * exists; a real gateway is another implementation of the same interface.
 */
export interface PaymentGateway {
  charge(charge: { cardToken: string; amountCents: number; reference: string }): Promise<ChargeResult>;
  /** Gives back a charge whose order could not be made (stock ran out between the charge and the write). */
  refund(refund: { reference: string; amountCents: number }): Promise<void>;
}

export type ChargeResult = { ok: true; reference: string } | { ok: false };

/** The test card that is always declined (as in the gateways' own test modes); every other token pays. */
export const DECLINED_TEST_CARD = "4000000000000002";

export const testPaymentGateway: PaymentGateway = {
  async charge({ cardToken, reference }) {
    if (cardToken === DECLINED_TEST_CARD) return { ok: false };
    return { ok: true, reference: `test_${reference}` };
  },
  async refund() {},
};

import type { Db } from "../../backend/db/client";
import { payLinkExpiry, signPayLink, type PayLink } from "../../backend/pay-link";
import { createGiftCard } from "../gift-card/factories";
import { createOrderRow } from "../order/factories";
import { createProduct } from "../product/factories";
import type { PayExampleRecords } from "./contract";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";

/** The token of a payment link for what `owed` names, open for the usual days unless `expires` says otherwise. */
export async function payLinkToken(
  secret: string,
  owed: Omit<PayLink, "expires"> & { expires?: number },
): Promise<string> {
  const token = await signPayLink(secret, { expires: payLinkExpiry(new Date()), ...owed });
  if (token === null) throw new Error("No secret to sign a payment link with");
  return token;
}

export async function payExampleRecords(
  db: Db,
  { application_key, session_secret }: SharedExampleRecords,
): Promise<PayExampleRecords> {
  // Its own product: the examples delete the example product, and an ordered one cannot be.
  const { order } = await createOrderRow(db, application_key, {
    paymentMethod: "fps",
    lines: [{ productId: (await createProduct(db, application_key)).id, unitPriceCents: 120_50, quantity: 1 }],
  });
  return {
    pay_token: await payLinkToken(session_secret, {
      applicationKey: application_key,
      kind: "order",
      id: order.id,
      amountCents: order.totalCents,
    }),
    gift_card_code: (await createGiftCard(db, application_key)).code,
  };
}

import { fpsQrPayload, storedFpsIdentifier, type FpsQrData } from "../contract/fps-qr";
import type { FpsMethodSetting } from "../contract/actions";

/** A store has no city of its own: every store here is in Hong Kong. */
const CITY = "Hong Kong";

/**
 * The FPS QR code that pays `amountCents` into the store's FPS identifier, with a reference its bank passes on;
 * null without an amount or an identifier that validates (a store without one shows its QR image, if any).
 * A Chinese store name goes into ID 64; ID 59 is then "NA", as stores have no English name yet.
 */
export function storeFpsQr(
  fps: FpsMethodSetting,
  storeName: string,
  amountCents: number,
  reference: string,
): FpsQrData | null {
  const identifier = storedFpsIdentifier(fps.account_id, fps.bank_code);
  if (!identifier || amountCents <= 0) return null;
  return {
    amount_cents: amountCents,
    reference,
    payload: fpsQrPayload({ identifier, amountCents, merchantName: storeName, city: CITY, reference }),
  };
}

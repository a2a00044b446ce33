import { FPS_DEFAULT_CITY, fpsQrPayload, storedFpsIdentifier, type FpsQrData } from "../contract/fps-qr";
import type { FpsMethodSetting } from "../contract/actions";

/**
 * The FPS QR code that pays `amountCents` into the store's FPS identifier, with a reference its bank passes on;
 * null without an amount or an identifier that validates (a store without one shows its QR image, if any).
 * The payment setting's English name goes into ID 59 (without it, a Latin store name, else "NA"; a Chinese name
 * goes into ID 64 too) and its city into ID 60 (without it, Hong Kong).
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
    payload: fpsQrPayload({
      identifier,
      amountCents,
      merchantName: storeName,
      englishMerchantName: fps.merchant_name_en ?? undefined,
      city: fps.merchant_city ?? FPS_DEFAULT_CITY,
      reference,
    }),
  };
}

import { PAY_LINK_KINDS, type PayLinkKind } from "../modules/pay/options";
import { signFields, verifiedFields } from "./signed-link";

export { PAY_LINK_KINDS, type PayLinkKind };

/**
 * The customer's link to pay one amount the store is owed (`/pay/<token>`): a signed link
 * (backend/signed-link.ts) naming the store, what is owed (an order, a credit order, a monthly fee, a rental's
 * deposit), its id, the amount in cents when the link was made (an order's total, a credit order's price, a monthly
 * fee's amount, a rental's deposit), and the link's expiry. It opens nothing else, and a record whose amount has
 * changed since no longer matches it.
 */

/** How long a link made now stays open. */
export const PAY_LINK_DAYS = 14;

export interface PayLink {
  applicationKey: string;
  kind: PayLinkKind;
  id: number;
  amountCents: number;
  /** Seconds since the epoch. */
  expires: number;
}

const PURPOSE = "pay";
const FIELDS = /^pay\.([\w-]+)\.([a-z-]+)\.(\d{1,15})\.(\d{1,12})\.(\d{1,12})$/;

export const payLinkPath = (token: string) => `/pay/${token}`;

export const payLinkExpiry = (now: Date) => Math.floor(now.getTime() / 1000) + PAY_LINK_DAYS * 86_400;

/** The token of a link, or null when the deployment has no SESSION_SECRET. */
export const signPayLink = (secretSetting: string | undefined, link: PayLink) =>
  signFields(secretSetting, [PURPOSE, link.applicationKey, link.kind, link.id, link.amountCents, link.expires]);

/** What a token names, when one of the secrets signed it and it has not expired; null otherwise. */
export async function readPayLink(
  secretSetting: string | undefined,
  token: string,
  now: Date,
): Promise<PayLink | null> {
  const fields = await verifiedFields(secretSetting, token);
  const match = fields && FIELDS.exec(fields.join("."));
  if (!match) return null;
  const [, applicationKey, kind, id, amountCents, expires] = match;
  const known = PAY_LINK_KINDS.find((each) => each === kind);
  if (!known || Number(expires) * 1000 <= now.getTime()) return null;
  return { applicationKey, kind: known, id: Number(id), amountCents: Number(amountCents), expires: Number(expires) };
}

/** A link to pay `amountCents` made now, as its path and expiry; null when the deployment cannot sign. */
export async function payLinkFor(
  secretSetting: string | undefined,
  owed: Omit<PayLink, "expires">,
  now: Date,
): Promise<{ path: string; expires_at: string } | null> {
  const expires = payLinkExpiry(now);
  const token = await signPayLink(secretSetting, { ...owed, expires });
  return token === null ? null : { path: payLinkPath(token), expires_at: new Date(expires * 1000).toISOString() };
}

import { hongKongDayStart } from "../contract/dates";
import { QUOTATION_LINK_DAYS } from "../modules/quotation/contract";
import { signFields, verifiedFields } from "./signed-link";

/**
 * The customer's link to a quotation: a signed link (backend/signed-link.ts) naming the store, the quotation,
 * its revision and the link's expiry. It opens no other quotation, and an edit that makes a new revision ends it.
 */

export interface QuotationLink {
  applicationKey: string;
  id: number;
  revision: number;
  /** Seconds since the epoch. */
  expires: number;
}

const FIELDS = /^([\w-]+)\.(\d{1,15})\.(\d{1,9})\.(\d{1,12})$/;

/** When a link made now expires: QUOTATION_LINK_DAYS from now, or the end of the last valid day, whichever first. */
export function linkExpiry(validUntil: string, now: Date): number {
  const lastMoment = Date.parse(hongKongDayStart(validUntil, 1));
  return Math.floor(Math.min(now.getTime() + QUOTATION_LINK_DAYS * 86_400_000, lastMoment) / 1000);
}

/** The store a token claims before its signature is checked: only the choice of its database uses it. */
export const claimedQuotationStore = (token: string) => token.split(".")[0];

/** The token of a link, or null when the deployment has no SESSION_SECRET. */
export const signQuotationLink = (secretSetting: string | undefined, link: QuotationLink) =>
  signFields(secretSetting, [link.applicationKey, link.id, link.revision, link.expires]);

/** What a token names, when one of the secrets signed it and it has not expired; null otherwise. */
export async function readQuotationLink(
  secretSetting: string | undefined,
  token: string,
  now: Date,
): Promise<QuotationLink | null> {
  const fields = await verifiedFields(secretSetting, token);
  const match = fields && FIELDS.exec(fields.join("."));
  if (!match) return null;
  const [, applicationKey, id, revision, expires] = match;
  const link = { applicationKey, id: Number(id), revision: Number(revision), expires: Number(expires) };
  return link.expires * 1000 <= now.getTime() ? null : link;
}

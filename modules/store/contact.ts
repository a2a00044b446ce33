import type { StoreScope } from "../../backend/db/scope";
import { storeAccounts, websiteData } from "../../backend/db/schema";

/** The reads of the store's name and contact, for printed documents and customers' pages. */
export const storeContactReads = (store: StoreScope) =>
  [
    store.selectFields(storeAccounts, { name: storeAccounts.storeName }).limit(1),
    store
      .selectFields(websiteData, {
        logoImgUrl: websiteData.logoImgUrl,
        address: websiteData.address,
        phone: websiteData.contactPhone,
        email: websiteData.contactEmail,
      })
      .limit(1),
  ] as const;

/** The store's name and contact from what `storeContactReads` read. */
export function storeContact(
  account: { name: string } | undefined,
  website:
    { logoImgUrl: string | null; address: string | null; phone: string | null; email: string | null } | undefined,
) {
  return {
    name: account?.name ?? "",
    logo_img_url: website?.logoImgUrl ?? null,
    address: website?.address ?? null,
    phone: website?.phone ?? null,
    email: website?.email ?? null,
  };
}

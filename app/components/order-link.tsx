import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";

export const orderUrl = (id: number) => `/order/order-list/detail/${id}`;

/** An order a record names: a link to its page for whoever may read orders, its label alone for anyone else. */
export function OrderReference({ id, label, linked }: { id: number; label: string; linked: boolean }) {
  return linked ? <Link url={orderUrl(id)}>{label}</Link> : <>{label}</>;
}

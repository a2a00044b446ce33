import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import customerPageStyles from "~/styles/customer-page.css";

/** The stylesheet of a customer's page, for its route's `links`. */
export const customerPageStylesheet = { rel: "stylesheet", href: customerPageStyles } as const;

/** The store's logo and name over a customer's page, as on the store's own site. */
export function StoreHeader({ store }: { store: { name: string; logo_img_url: string | null } }) {
  return (
    <header className="customer-page__store">
      {store.logo_img_url && <img src={store.logo_img_url} alt={store.name} />}
      {/* The logo already names the store to a screen reader. */}
      <p aria-hidden={store.logo_img_url ? true : undefined}>{store.name}</p>
    </header>
  );
}

/** How to reach the store at the foot of a customer's page: its phone, e-mail and address as its website gives them. */
export function StoreContact({
  store,
}: {
  store: { phone: string | null; email: string | null; address: string | null };
}) {
  const { t } = useTranslation();
  const rows = [
    store.phone && { label: t("store-contact.phone"), value: <a href={`tel:${store.phone}`}>{store.phone}</a> },
    store.email && { label: t("store-contact.email"), value: <a href={`mailto:${store.email}`}>{store.email}</a> },
    store.address && { label: t("store-contact.address"), value: store.address },
  ].filter(Boolean) as { label: string; value: ReactNode }[];
  if (rows.length === 0) return null;
  return (
    <footer className="customer-page__contact">
      <dl>
        {rows.map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </footer>
  );
}

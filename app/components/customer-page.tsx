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

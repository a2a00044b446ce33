import { expect, test, type Store } from "../../tests/e2e/fixtures";
import type { PosOfflineCatalogue } from "./contract";

// Requests only, no page: the same with and without JavaScript, so once.
test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "requests only");

test("the POS's offline catalogue is the store's JSON, never cached, a page after `?after=`; signed out, the login", async ({
  page,
  factory,
  signIn,
}) => {
  const store = await factory<Store>("store", { sells: true });
  const product = await factory<{ id: number; productCode: string }>("product", {
    applicationKey: store.applicationKey,
    barcode: `CAT-${store.applicationKey.slice(0, 8)}`,
    priceCents: 25_00,
  });
  await signIn(store.email, store.password);

  const reply = await page.request.get("/product/pos/catalogue");
  expect(reply.status()).toBe(200);
  expect(reply.headers()).toMatchObject({ "cache-control": "private, no-store" });
  expect(reply.headers()["content-type"]).toMatch(/^application\/json/);
  const catalogue = (await reply.json()) as PosOfflineCatalogue;
  expect(catalogue.products).toEqual([
    expect.objectContaining({ id: product.id, product_code: product.productCode, barcode: expect.any(String) }),
  ]);
  expect(catalogue.payment_methods).toEqual(["cash", "fps"]);
  expect(catalogue.next_after_id).toBeNull();

  const after = (await (
    await page.request.get(`/product/pos/catalogue?after=${product.id}`)
  ).json()) as PosOfflineCatalogue;
  expect(after.products).toEqual([]);

  await page.context().clearCookies();
  const signedOut = await page.request.get("/product/pos/catalogue", { maxRedirects: 0 });
  expect(signedOut.status()).toBe(302);
  expect(signedOut.headers().location).toMatch(/\/login$/);
});

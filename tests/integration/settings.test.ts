import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { purchasedPlans, websiteData } from "../../backend/db/schema";
import type { PayloadInput } from "../../contract/actions";
import { createStore } from "../helpers/factories";
import { db, expectFailure, logOf, merchant, TRANSPORT_NAMES, type TransportName } from "./wire";

type GeneralInput = PayloadInput<"update_store_general_setting_data_by_application_key">;

function general(applicationKey: string, overrides: Partial<GeneralInput> = {}): GeneralInput {
  return {
    application_key: applicationKey,
    store_name: `Tea House ${applicationKey}`,
    accept_language: ["zh-HK", "en"],
    accept_currency: ["HKD"],
    sub_domain: `tea-${applicationKey}`,
    custom_domain: `shop.${applicationKey}.example.com`,
    contact_email: "hello@tea.example.com",
    contact_phone: "21234567",
    address: "1 Queen's Road Central\nHong Kong",
    seo_title: "Tea House",
    seo_description: "Loose-leaf tea from Hong Kong.",
    version: 1,
    ...overrides,
  };
}

describe.each(TRANSPORT_NAMES)("the general setting over the %s transport", (transport: TransportName) => {
  it("saves the store's name, languages, domains, contact and SEO, logging the change", async () => {
    const { store, client, key } = await merchant(transport);
    const before = (await client.get_store_setting_data_by_application_key(key)).data;
    expect(before).toMatchObject({ general: { accept_language: ["zh-HK"], custom_domain: null }, version: 1 });

    await client.update_store_general_setting_data_by_application_key(general(store.applicationKey));

    const after = (await client.get_store_setting_data_by_application_key(key)).data;
    const { application_key: _key, version: _version, ...saved } = general(store.applicationKey);
    expect(after.general).toEqual({ ...saved, logo_img_url: null, favicon_url: null, share_image_url: null });
    expect(after.version).toBe(2);
    const [entry] = (await logOf(store.applicationKey)).reverse();
    expect(entry).toMatchObject({ action: "edit", data_type: "store_account_data", actor_email: store.email });
    expect(entry.changes.store_name).toEqual([store.storeName, saved.store_name]);
    expect(entry.changes.contact_phone).toEqual([null, "21234567"]);
  });

  it("refuses a save over a version saved since (409), keeping the first", async () => {
    const { store, client, key } = await merchant(transport);
    await client.update_store_general_setting_data_by_application_key(general(store.applicationKey));
    await expectFailure(
      client.update_store_general_setting_data_by_application_key(
        general(store.applicationKey, { seo_title: "Stale", version: 1 }),
      ),
      409,
      "edited-elsewhere",
    );
    expect((await client.get_store_setting_data_by_application_key(key)).data.general.seo_title).toBe("Tea House");
  });
});

describe("the general setting's rules", () => {
  it("refuses another store's name, sub-domain or custom domain, each beside its field", async () => {
    const taken = await merchant("embedded");
    await taken.client.update_store_general_setting_data_by_application_key(general(taken.store.applicationKey));
    const { store, client } = await merchant("embedded");
    const mine = general(store.applicationKey);
    const theirs = general(taken.store.applicationKey);

    const cases = [
      [{ store_name: theirs.store_name.toUpperCase() }, "store_name", "store-name-used"],
      [{ sub_domain: theirs.sub_domain }, "sub_domain", "domain-repeated"],
      [{ custom_domain: String(theirs.custom_domain).toUpperCase() }, "custom_domain", "domain-repeated"],
    ] as const;
    for (const [overrides, field, message] of cases) {
      const failure = await expectFailure(
        client.update_store_general_setting_data_by_application_key({ ...mine, ...overrides }),
        409,
        message,
      );
      expect(failure.fields).toEqual({ [field]: [message] });
    }
  });

  it("checks formats: phone of 8 digits from 2-9, a host name, an e-mail", async () => {
    const { store, client } = await merchant("embedded");
    const failure = await expectFailure(
      client.update_store_general_setting_data_by_application_key(
        general(store.applicationKey, {
          contact_phone: "12345678",
          custom_domain: "-shop.example.com",
          contact_email: "not-an-email",
        }),
      ),
      400,
      "invalid-payload",
    );
    expect(Object.keys(failure.fields ?? {}).sort()).toEqual(["contact_email", "contact_phone", "custom_domain"]);
  });

  it("offers only zh-HK and HKD when the plan says so", async () => {
    const { store, client } = await merchant("embedded");
    await db()
      .update(purchasedPlans)
      .set({ defaultLanguageAndCurrencyOnly: true })
      .where(eq(purchasedPlans.applicationKey, store.applicationKey));
    const failure = await expectFailure(
      client.update_store_general_setting_data_by_application_key(
        general(store.applicationKey, { accept_language: ["zh-HK", "en"], accept_currency: ["HKD", "USD"] }),
      ),
      400,
      "invalid-payload",
    );
    expect(failure.fields).toEqual({
      accept_language: ["plan-default-language-and-currency-only"],
      accept_currency: ["plan-default-language-and-currency-only"],
    });
    await client.update_store_general_setting_data_by_application_key(
      general(store.applicationKey, { accept_language: ["zh-HK"] }),
    );
  });

  it("takes only images this store uploaded", async () => {
    const other = await createStore(db());
    const { store, client } = await merchant("embedded");
    const failure = await expectFailure(
      client.update_store_general_setting_data_by_application_key(
        general(store.applicationKey, { logo_img_url: `/uploads/${other.applicationKey}/logo.png` }),
      ),
      400,
      "invalid-payload",
    );
    expect(failure.fields).toEqual({ logo_img_url: ["invalid-file"] });
    const [website] = await db().select().from(websiteData).where(eq(websiteData.applicationKey, store.applicationKey));
    expect(website.logoImgUrl).toBeNull();
  });
});

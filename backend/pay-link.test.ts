import { describe, expect, it } from "vitest";
import { PAY_LINK_DAYS, payLinkFor, readPayLink, signPayLink } from "./pay-link";
import { signQuotationLink } from "./quotation-link";

const SECRET = "first-secret,older-secret";
const now = new Date("2026-12-06T10:00:00Z");
const owed = { applicationKey: "a1b2c3", kind: "order" as const, id: 42, amountCents: 12_350 };
const expires = Math.floor(now.getTime() / 1000) + 3600;

describe("pay links", () => {
  it("reads back what it signed, under any of the secrets", async () => {
    const token = await signPayLink(SECRET, { ...owed, expires });
    expect(await readPayLink(SECRET, token!, now)).toEqual({ ...owed, expires });
    const byOlder = await signPayLink("older-secret", { ...owed, expires });
    expect(await readPayLink(SECRET, byOlder!, now)).toEqual({ ...owed, expires });
  });

  it("refuses a changed field, another secret, an expired link and a quotation's token", async () => {
    const token = (await signPayLink(SECRET, { ...owed, expires }))!;
    expect(await readPayLink(SECRET, token.replace(".12350.", ".1."), now)).toBeNull();
    expect(await readPayLink(SECRET, token.replace(".order.", ".rental."), now)).toBeNull();
    expect(await readPayLink("another", token, now)).toBeNull();
    expect(await readPayLink(SECRET, token, new Date((expires + 1) * 1000))).toBeNull();
    const quotation = await signQuotationLink(SECRET, { applicationKey: "a1b2c3", id: 42, revision: 1, expires });
    expect(await readPayLink(SECRET, quotation!, now)).toBeNull();
  });

  it("refuses a kind it does not know even when signed", async () => {
    const token = await signPayLink(SECRET, { ...owed, kind: "invoice" as never, expires });
    expect(await readPayLink(SECRET, token!, now)).toBeNull();
  });

  it(`makes links that open for ${PAY_LINK_DAYS} days, and none without a secret`, async () => {
    const link = await payLinkFor(SECRET, owed, now);
    expect(link!.expires_at).toBe(new Date(now.getTime() + PAY_LINK_DAYS * 86_400_000).toISOString());
    const token = link!.path.replace("/pay/", "");
    expect(await readPayLink(SECRET, token, now)).toMatchObject(owed);
    expect(await payLinkFor(undefined, owed, now)).toBeNull();
  });
});

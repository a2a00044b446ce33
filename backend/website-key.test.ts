import { describe, expect, it } from "vitest";
import { newWebsiteKey, visitorAddress, websiteKeyHash } from "./website-key";

describe("a forwarded visitor's address", () => {
  it("takes IPv4 in dotted decimal and IPv6 in its shortest lowercase form", () => {
    expect(visitorAddress("198.51.100.7")).toBe("198.51.100.7");
    expect(visitorAddress(" 0.0.0.0 ")).toBe("0.0.0.0");
    expect(visitorAddress("2001:DB8:0:0:0:0:0:1")).toBe("2001:db8::1");
    expect(visitorAddress("2001:db8::1")).toBe("2001:db8::1");
    expect(visitorAddress("::ffff:198.51.100.7")).toBe("::ffff:c633:6407");
  });

  it("is none for anything else", () => {
    for (const value of [null, "", "256.1.1.1", "1.2.3", "01.2.3.4", "0x7f.0.0.1", "1.2.3.4:80", "2001:db8::1::2"]) {
      expect(visitorAddress(value), String(value)).toBeNull();
    }
    for (const value of ["[2001:db8::1]", "fe80::1%eth0", "example.com", "2001:db8::1/64", "1.2.3.4, 5.6.7.8"]) {
      expect(visitorAddress(value), value).toBeNull();
    }
  });
});

describe("a website key", () => {
  it("is 32 base64url characters (192 random bits), new each time, stored as its SHA-256", async () => {
    const [one, other] = await Promise.all([newWebsiteKey(), newWebsiteKey()]);
    expect(one.key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(one.key).not.toBe(other.key);
    expect(one.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(one.hash).toBe(await websiteKeyHash(one.key));
  });
});

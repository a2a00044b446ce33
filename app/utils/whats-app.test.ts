import { describe, expect, it } from "vitest";
import { whatsAppDigits, whatsAppLink } from "./whats-app";

describe("whatsAppDigits", () => {
  it("gives a Hong Kong number of 8 digits the country code 852, whatever spaces or dashes it is written with", () => {
    expect(whatsAppDigits("91234567")).toBe("85291234567");
    expect(whatsAppDigits("9123 4567")).toBe("85291234567");
    expect(whatsAppDigits("2123-4567")).toBe("85221234567");
  });

  it("keeps the country code of a number written with + or 00, or one that already starts with 852", () => {
    expect(whatsAppDigits("+852 9123 4567")).toBe("85291234567");
    expect(whatsAppDigits("0085291234567")).toBe("85291234567");
    expect(whatsAppDigits("+86 138 0013 8000")).toBe("8613800138000");
    expect(whatsAppDigits("85291234567")).toBe("85291234567");
  });

  it("has none for no phone or a number that is neither Hong Kong's nor international", () => {
    expect(whatsAppDigits(null)).toBeNull();
    expect(whatsAppDigits("")).toBeNull();
    expect(whatsAppDigits("1234567")).toBeNull();
    expect(whatsAppDigits("12345678")).toBeNull();
    expect(whatsAppDigits("+1234")).toBeNull();
    expect(whatsAppDigits("+1234567890123456")).toBeNull();
  });
});

describe("whatsAppLink", () => {
  it("opens the customer's chat with the message typed, encoded whole", () => {
    const message = "Demo Shop：請支付訂單 #1001 的款項 HK$1,234.50：https://shop.example/pay/a.b-c?x=1&y=2";
    const link = whatsAppLink("91234567", message);
    expect(link).toBe(`https://wa.me/85291234567?text=${encodeURIComponent(message)}`);
    const url = new URL(link);
    expect(url.searchParams.get("text")).toBe(message);
    expect(url.search).not.toContain("&y=");
  });

  it("opens a chat to choose without a phone", () => {
    expect(whatsAppLink(null, "Pay here: https://x/pay/t")).toBe(
      `https://wa.me/?text=${encodeURIComponent("Pay here: https://x/pay/t")}`,
    );
  });
});

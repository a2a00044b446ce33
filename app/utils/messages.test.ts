import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { wholeNumberBetween } from "#contract/field-rules";
import { withValue } from "#contract/messages";
import { i18nConfig, type Locale } from "~/i18n";
import { namespaces, resources } from "~/locales.generated.server";
import { translateMessage } from "./messages";

async function translator(locale: Locale) {
  const instance = i18next.createInstance();
  await instance.init({ ...i18nConfig, supportedLngs: [...i18nConfig.supportedLngs], ns: [...namespaces], resources });
  return instance.getFixedT(locale);
}

const firstError = (
  schema: { safeParse: (value: unknown) => { error?: { issues: { message: string }[] } } },
  value: unknown,
) => schema.safeParse(value).error!.issues[0].message;

describe("translateMessage", () => {
  it("says a range's bounds in both languages", async () => {
    const range = firstError(wholeNumberBetween(1, 100), 101);
    expect(translateMessage(await translator("en"), range)).toBe("Enter a number from 1 to 100.");
    expect(translateMessage(await translator("zh-HK"), range)).toBe("請輸入 1 至 100 的數字。");
    expect(translateMessage(await translator("en"), withValue("number-at-least", 0))).toBe("Enter 0 or more.");
    expect(translateMessage(await translator("en"), withValue("max-length", 500))).toBe(
      "Cannot exceed 500 characters.",
    );
  });
});

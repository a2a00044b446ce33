import { localizedName } from "#contract/localized";
import type { Choice } from "~/components/choice-inputs";
import { ActionFailure, type ActionClient } from "./action-client.server";

/** A form line's variant choices, by product code: only products with several variants need one. */
export type VariantChoices = Record<string, Choice[]>;

/** A product code as the backend takes it: what else a form posts in its place has no variants. */
const PRODUCT_CODE = /^[A-Za-z0-9\p{Script=Han}_-]{1,64}$/u;

/**
 * The variants of the products these codes name, as the choices of a line's variant select (the option
 * values, then the SKU), for those with more than one. Codes of no product give none (the form says so
 * beside them), and neither does any other refusal.
 */
export async function variantChoices(
  client: ActionClient,
  applicationKey: string,
  codes: readonly unknown[],
  locale: string,
): Promise<VariantChoices> {
  let product_codes = [
    ...new Set(codes.filter((code): code is string => typeof code === "string" && PRODUCT_CODE.test(code))),
  ].slice(0, 100);
  if (product_codes.length === 0) return {};
  const read = async () =>
    product_codes.length === 0
      ? []
      : (
          await client.get_product_variant_data_list_by_application_key_and_product_codes({
            application_key: applicationKey,
            product_codes,
          })
        ).data;
  try {
    const data = await read().catch((error: unknown) => {
      // Codes of no product (the form says so beside them): once more without them.
      if (!(error instanceof ActionFailure) || error.status !== 404 || !error.fields) throw error;
      const unknown = new Set(Object.keys(error.fields).map((name) => Number(name.split(".")[1])));
      product_codes = product_codes.filter((_code, index) => !unknown.has(index));
      return read();
    });
    const byCode: VariantChoices = {};
    for (const variant of data) {
      (byCode[variant.product_code] ??= []).push({
        value: String(variant.id),
        label: [localizedName(variant, locale, "label"), variant.sku].filter(Boolean).join(" · "),
      });
    }
    return Object.fromEntries(Object.entries(byCode).filter(([, choices]) => choices.length > 1));
  } catch (error) {
    if (error instanceof ActionFailure) return {};
    throw error;
  }
}

/** The product codes a posted form's lines name (`products[0].product_code`, …). */
export const postedProductCodes = (formData: FormData, list: string) =>
  [...formData.entries()].flatMap(([name, value]) =>
    new RegExp(`^${list}\\[\\d+\\]\\.product_code$`).test(name) ? [value] : [],
  );

import { eq, inArray, sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import type { Payload } from "../../contract/actions";
import { withValue } from "../../contract/messages";
import type { StoreScope } from "../../backend/db/scope";
import { members, products, productVariants } from "../../backend/db/schema";
import { ActionError } from "../../backend/errors";
import { stockFields } from "./stock";
import { variantLabel } from "../product/variant-sql";
import type { LineRow, QuotationRow } from "./records";

type ProductRow = typeof products.$inferSelect;
type VariantRow = BatchResponse<ReturnType<typeof formReads>>[2][number];
export type QuotationInput = Payload<"add_quotation_data">;

export type NewLine = Pick<
  LineRow,
  | "productId"
  | "variantId"
  | "variantNameZhHk"
  | "variantNameEn"
  | "nameZhHk"
  | "nameEn"
  | "unitPriceCents"
  | "quantity"
  | "lineTotalCents"
>;
export type Columns = ReturnType<typeof columnsOf>;

/**
 * What the form names: its products by code, its member by their member ID, and the products' variants
 * with their option values and stock.
 */
export function formReads(store: StoreScope, input: QuotationInput) {
  // One bound parameter for up to 100 codes: D1 binds at most 100 per statement.
  const codes = sql`(select value from json_each(${JSON.stringify(
    input.lines.flatMap((line) => (line.product_code ? [line.product_code] : [])),
  )}))`;
  return [
    store.select(products, inArray(products.productCode, codes)),
    store.selectFields(members, { id: members.id }, eq(members.memberCode, input.member_code ?? "")).limit(1),
    store.selectFields(
      productVariants,
      {
        ...stockFields,
        productId: productVariants.productId,
        priceCents: productVariants.priceCents,
        discountPriceCents: productVariants.discountPriceCents,
        labelZhHk: variantLabel("zh_hk"),
        labelEn: variantLabel("en"),
      },
      inArray(
        productVariants.productId,
        sql`(select ${products.id} from ${products} where ${store.where(products, inArray(products.productCode, codes))})`,
      ),
    ),
  ] as const;
}

/**
 * The form's member and lines as the quotation keeps them: a product line names a variant (the line's,
 * or the product's only one) and takes the product's names and the variant's price where the form leaves
 * them blank. A member ID, a product code or a variant the store does not have is refused beside its
 * field (404), and so is a line of a product with several variants that names none (400
 * `variant-required`).
 */
export function resolveForm(
  input: QuotationInput,
  productRows: ProductRow[],
  memberRows: { id: number }[],
  variantRows: VariantRow[],
) {
  const byCode = new Map(productRows.map((row) => [row.productCode, row]));
  const missing: Record<string, string[]> = {};
  const refused: Record<string, string[]> = {};
  const [member] = memberRows;
  if (input.member_code !== undefined && !member)
    missing.member_code = [withValue("member-not-found", input.member_code)];
  const lines: NewLine[] = input.lines.map((line, position) => {
    const product = line.product_code === undefined ? undefined : byCode.get(line.product_code);
    if (line.product_code !== undefined && !product) missing[`lines.${position}.product_code`] = ["product-not-found"];
    const variants = variantRows.filter((row) => row.productId === product?.id);
    const variant =
      line.variant_id === undefined
        ? variants.length === 1
          ? variants[0]
          : undefined
        : variants.find((row) => row.id === line.variant_id);
    if (product && !variant) {
      if (line.variant_id === undefined) refused[`lines.${position}.variant_id`] = ["variant-required"];
      else missing[`lines.${position}.variant_id`] = ["variant-not-found"];
    }
    const unitPriceCents = line.unit_price_cents ?? variant?.discountPriceCents ?? variant?.priceCents ?? 0;
    return {
      productId: product?.id ?? null,
      variantId: variant?.id ?? null,
      variantNameZhHk: variant?.labelZhHk || null,
      variantNameEn: variant?.labelEn || null,
      nameZhHk: line.name ?? product?.nameZhHk ?? "",
      nameEn: line.name ?? product?.nameEn ?? "",
      unitPriceCents,
      quantity: line.quantity,
      lineTotalCents: unitPriceCents * line.quantity,
    };
  });
  if (Object.keys(missing).length > 0) throw new ActionError(404, "not-found", missing);
  if (Object.keys(refused).length > 0) throw new ActionError(400, "invalid-payload", refused);
  return { memberId: member?.id ?? null, lines };
}

/** The quotation's columns from the form, totals computed here: the discount at most the subtotal. */
export function columnsOf(input: QuotationInput, { memberId, lines }: ReturnType<typeof resolveForm>) {
  const subtotalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  if (input.discount_cents > subtotalCents) {
    throw new ActionError(400, "invalid-payload", { discount_cents: ["quotation-discount-over-subtotal"] });
  }
  return {
    memberId,
    companyName: input.company_name ?? "",
    contactName: input.contact_name,
    email: input.email ?? "",
    phone: input.phone ?? "",
    address: input.address ?? "",
    subtotalCents,
    discountCents: input.discount_cents,
    deliveryCents: input.delivery_cents,
    totalCents: subtotalCents - input.discount_cents + input.delivery_cents,
    validUntil: input.valid_until,
    terms: input.terms ?? "",
    note: input.note ?? "",
  };
}

const COMPARED_FIELDS = {
  member_code: "memberId",
  company_name: "companyName",
  contact_name: "contactName",
  email: "email",
  phone: "phone",
  address: "address",
  discount_cents: "discountCents",
  delivery_cents: "deliveryCents",
  valid_until: "validUntil",
  terms: "terms",
  note: "note",
} as const satisfies Record<string, keyof Columns>;

/** What an edit changed: the fields' names, and `line <n>` for each line changed, added or removed. */
export function changesOf(
  before: QuotationRow,
  beforeLines: NewLine[],
  after: Columns,
  afterLines: NewLine[],
): string[] {
  const fields = Object.entries(COMPARED_FIELDS)
    .filter(([, column]) => before[column] !== after[column])
    .map(([field]) => field);
  const key = (line: NewLine | undefined) =>
    line && [line.productId, line.variantId, line.nameZhHk, line.nameEn, line.unitPriceCents, line.quantity].join("|");
  const lineCount = Math.max(beforeLines.length, afterLines.length);
  const lines = Array.from({ length: lineCount }, (_, index) => index)
    .filter((index) => key(beforeLines[index]) !== key(afterLines[index]))
    .map((index) => `line ${index + 1}`);
  return [...fields, ...lines];
}

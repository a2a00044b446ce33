import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, replace } from "@remix-run/cloudflare";
import type * as z from "zod";
import type { Payload } from "#contract/actions";
import { MAX_PAYMENTS } from "#modules/checkout/contract";
import { MAX_CENTS } from "#contract/field-rules";
import { PAYMENT_METHODS } from "#contract/options";
import { cartStoredValuePayments, type PosCartOperation } from "#modules/pos/contract";
import { ActionFailure, type ActionClient } from "~/server/action-client.server";
import { posForms, type PosIntent } from "./__pos-schemas";

export const POS_URL = "/product/pos";

/** The page's search, category and worked-out payments, kept across every form post. */
export function keptSearch(url: URL, payments = typedPayments(url)): string {
  const kept = new URLSearchParams();
  for (const name of ["q", "category"]) {
    const value = url.searchParams.get(name);
    if (value) kept.set(name, value);
  }
  for (const payment of payments) kept.append("paid", `${payment.method}:${payment.amount_cents}`);
  const search = kept.toString();
  return search ? `?${search}` : "";
}

/** The page with a product's variants to choose from (a product with options scanned or tapped). */
export function choosingUrl(url: URL, productCode: string) {
  const search = new URLSearchParams(keptSearch(url));
  search.set("choose", productCode);
  return `${POS_URL}?${search}`;
}

type TypedPayment = Payload<"get_pos_data_by_application_key">["payments"][number];
const TYPED_METHODS = PAYMENT_METHODS.filter((method) => method !== "credit_card");

/**
 * The amounts typed for the methods other than the card, as the checkout's "work out" left them in the URL
 * (`paid=cash:6000`, in cents); what no payment can be is left out.
 */
export function typedPayments(url: URL): TypedPayment[] {
  return url.searchParams
    .getAll("paid")
    .flatMap((value) => {
      const [method, cents] = value.split(":");
      const amount = Number(cents);
      const typed = TYPED_METHODS.find((known) => known === method);
      return typed && Number.isSafeInteger(amount) && amount > 0 && amount <= MAX_CENTS
        ? [{ method: typed, amount_cents: amount }]
        : [];
    })
    .slice(0, MAX_PAYMENTS);
}

/**
 * A backend field under the form's own name: `operation.delivery.address` is `address`, `cash_dollar_cents`
 * the form's HK$ `cash_dollar`, and the checkout's `payments.1.amount_cents` the HK$ amount of the form's
 * row it came from (blank rows are not posted).
 */
function formFieldName(submission: Submission<unknown>, name: string) {
  const payment = /^payments\.(\d+)\.amount_cents$/.exec(name);
  if (payment && submission.status === "success") {
    const rows = (submission.value as Values<"checkout">).payments.flatMap(({ amount }, row) => (amount ? [row] : []));
    return `payments[${rows[Number(payment[1])]}].amount`;
  }
  return name
    .replace(/^operation\.(delivery\.|gift_card\.)?/, "")
    .replace(/^cash_dollar_cents$/, "cash_dollar")
    .replace(/^amount_cents$/, "amount");
}

/** The backend's field errors under the form's own names; a refusal without fields is the form's error. */
function reply(submission: Submission<unknown>, error: unknown, fieldNames: string[]) {
  if (!(error instanceof ActionFailure)) throw error;
  const fields = Object.entries(error.fields ?? {}).map(
    ([name, messages]) => [formFieldName(submission, name), messages] as const,
  );
  const known = fields.filter(([name]) => fieldNames.includes(name.split(/[.[]/)[0]));
  return submission.reply({
    formErrors: known.length > 0 ? [] : [error.messageKey],
    fieldErrors: Object.fromEntries(known),
  });
}

type Values<Intent extends PosIntent> = z.output<(typeof posForms)[Intent]>;

/** The checkout's amounts, blank ones left out. */
const paidPayments = (payments: Values<"checkout">["payments"]) =>
  payments.flatMap(({ method, amount }) => (amount ? [{ method, amount_cents: amount }] : []));

/** The cart change each cart form makes. */
const operations: { [Intent in PosIntent]?: (value: Values<Intent>) => PosCartOperation } = {
  scan: ({ code }) => ({ op: "scan", code }),
  add: ({ product_code, variant_id, amount }) => ({
    op: "add_product",
    product_code,
    variant_id,
    amount_cents: amount,
  }),
  quantity: ({ position, quantity }) => ({ op: "set_quantity", position, quantity }),
  "line-add-ons": ({ position, add_on_product_ids }) => ({ op: "set_line_add_ons", position, add_on_product_ids }),
  "order-add-on": ({ add_on_product_id, quantity }) => ({ op: "set_order_add_on", add_on_product_id, quantity }),
  "remove-member": () => ({ op: "set_member", member_id: null }),
  discount: ({ coupon_code, cash_dollar }) => ({
    op: "set_discount",
    coupon_code,
    cash_dollar_cents: cash_dollar ?? null,
  }),
  delivery: ({ version: _, ...delivery }) => ({ op: "set_delivery", delivery }),
  "no-delivery": () => ({ op: "set_delivery", delivery: undefined }),
  "payment-method": ({ payment_method }) => ({ op: "set_payment_method", payment_method }),
  "gift-card": ({ code, amount }) => ({ op: "set_gift_card", gift_card: { code, amount_cents: amount } }),
  "remove-gift-card": () => ({ op: "set_gift_card", gift_card: null }),
  "store-credit": ({ amount }) => ({ op: "set_store_credit", amount_cents: amount ?? null }),
  clear: () => ({ op: "clear" }),
  "remove-exchange": () => ({ op: "set_exchange", exchange: null }),
};

/**
 * One POS form post: the backend call its intent makes, then back to the page (a sale to the page's "sold"
 * banner); a refusal, or a scan that found nothing, answers the form with its errors beside its fields.
 */
export async function posAction(
  request: Request,
  client: ActionClient,
  applicationKey: string,
  locationId: number | undefined,
) {
  const url = new URL(request.url);
  const formData = await request.formData();
  const intent = formData.get("intent");
  // The amounts typed were for this cart: a cart emptied or swapped for a held one starts without them.
  const otherCart = intent === "clear" || intent === "hold" || intent === "recall";
  const back = `${POS_URL}${keptSearch(url, otherCart ? [] : undefined)}`;
  if (typeof intent !== "string" || !(intent in posForms)) return redirect(back);
  const posIntent = intent as PosIntent;
  const submission = parseWithZod(formData, { schema: posForms[posIntent] as z.ZodType<Record<string, unknown>> });
  if (submission.status !== "success") return { intent: posIntent, reply: submission.reply() };
  const key = { application_key: applicationKey };
  if (posIntent === "checkout" && formData.get("work_out")) {
    // Back to the page with the amounts typed, which it prices and works out (the card's share, the change).
    const { payments } = submission.value as Values<"checkout">;
    const typed = paidPayments(payments).flatMap(({ method, amount_cents }) =>
      method === "credit_card" ? [] : [{ method, amount_cents }],
    );
    return replace(`${POS_URL}${keptSearch(url, typed)}`);
  }
  try {
    const operation = (operations[posIntent] as ((value: unknown) => PosCartOperation) | undefined)?.(submission.value);
    if (operation) {
      const { version } = submission.value as { version: number };
      const { data } = await client.update_pos_cart_data_by_application_key({ ...key, version, operation });
      if (data.scanned === "choose" && operation.op === "scan") return redirect(choosingUrl(url, operation.code));
      if (data.scanned === "none" && operation.op === "scan") {
        // Said beside the box it was typed in; the products stay as they were, not searched for the code.
        const message = formData.get("target") === "member" ? "member-not-found" : "scan-not-found";
        return {
          intent: posIntent,
          reply: submission.reply({ fieldErrors: { code: [`${message}:${operation.code}`] } }),
        };
      }
      return redirect(back);
    }
    return await heldCartOrSale(posIntent, submission.value, client, key, back, locationId);
  } catch (error) {
    return { intent: posIntent, reply: reply(submission, error, Object.keys(posForms[posIntent].shape)) };
  }
}

async function heldCartOrSale(
  intent: PosIntent,
  value: unknown,
  client: ActionClient,
  key: { application_key: string },
  back: string,
  locationId: number | undefined,
) {
  switch (intent) {
    case "hold": {
      const { version, note } = value as Values<"hold">;
      await client.add_pos_held_cart_data({ ...key, version, note });
      return redirect(back);
    }
    case "recall": {
      const { version, id } = value as Values<"recall">;
      await client.update_pos_held_cart_data_by_application_key_and_id({ ...key, version, id });
      return redirect(back);
    }
    case "discard": {
      const { id } = value as Values<"discard">;
      await client.delete_pos_held_cart_data_by_application_key_and_id({ ...key, id });
      return redirect(back);
    }
    default: {
      const { version, idempotency_key, cart, expected_total_cents, payments } = value as Values<"checkout">;
      const { data: sale } = await client.add_pos_order_data({
        ...key,
        ...cart,
        payments: [...paidPayments(payments), ...cartStoredValuePayments(cart)],
        idempotency_key,
        expected_total_cents,
        pos_cart_version: version,
        location_id: locationId,
      });
      const sold = new URLSearchParams({ sold: String(sale.id), number: String(sale.order_number) });
      // An exchange's returned goods worth more than the sale: what to give back, and how.
      if (sale.exchange && sale.exchange.refunded_cents > 0) {
        sold.set("given_back", String(sale.exchange.refunded_cents));
        sold.set("given_to", sale.exchange.refund_to);
      }
      if (sale.cash_tendered_cents > 0) {
        sold.set("tendered", String(sale.cash_tendered_cents));
        sold.set("change", String(sale.change_cents));
      }
      return redirect(`${POS_URL}?${sold}`);
    }
  }
}

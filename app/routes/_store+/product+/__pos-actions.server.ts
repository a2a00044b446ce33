import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "@remix-run/cloudflare";
import type * as z from "zod";
import type { PosCartOperation } from "#contract/pos";
import { ActionFailure, type ActionClient } from "~/server/action-client.server";
import { posForms, type PosIntent } from "./__pos-schemas";

export const POS_URL = "/product/pos";

/** The page's search and category, kept across every form post. */
export function keptSearch(url: URL): string {
  const kept = new URLSearchParams();
  for (const name of ["q", "category"]) {
    const value = url.searchParams.get(name);
    if (value) kept.set(name, value);
  }
  const search = kept.toString();
  return search ? `?${search}` : "";
}

/**
 * The backend's field errors under the form's own names (`operation.delivery.address` is `address`,
 * `cash_dollar_cents` is the form's HK$ `cash_dollar`); a refusal without fields is the form's error.
 */
function reply(submission: Submission<unknown>, error: unknown, fieldNames: string[]) {
  if (!(error instanceof ActionFailure)) throw error;
  const fields = Object.entries(error.fields ?? {}).map(
    ([name, messages]) =>
      [name.replace(/^operation\.(delivery\.)?/, "").replace(/^cash_dollar_cents$/, "cash_dollar"), messages] as const,
  );
  const known = fields.filter(([name]) => fieldNames.includes(name));
  return submission.reply({
    formErrors: known.length > 0 ? [] : [error.messageKey],
    fieldErrors: Object.fromEntries(known),
  });
}

type Values<Intent extends PosIntent> = z.output<(typeof posForms)[Intent]>;

/** The cart change each cart form makes. */
const operations: { [Intent in PosIntent]?: (value: Values<Intent>) => PosCartOperation } = {
  scan: ({ code }) => ({ op: "scan", code }),
  add: ({ product_code }) => ({ op: "add_product", product_code }),
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
  clear: () => ({ op: "clear" }),
};

/**
 * One POS form post: the backend call its intent makes, then back to the page (a scan that found nothing
 * to a search for what was typed, a sale to the page's "sold" banner); a refusal answers the form with its
 * errors beside its fields, what was typed kept.
 */
export async function posAction(request: Request, client: ActionClient, applicationKey: string) {
  const url = new URL(request.url);
  const back = `${POS_URL}${keptSearch(url)}`;
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (typeof intent !== "string" || !(intent in posForms)) return redirect(back);
  const posIntent = intent as PosIntent;
  const submission = parseWithZod(formData, { schema: posForms[posIntent] as z.ZodType<Record<string, unknown>> });
  if (submission.status !== "success") return { intent: posIntent, reply: submission.reply() };
  const key = { application_key: applicationKey };
  try {
    const operation = (operations[posIntent] as ((value: unknown) => PosCartOperation) | undefined)?.(submission.value);
    if (operation) {
      const { version } = submission.value as { version: number };
      const { data } = await client.update_pos_cart_data_by_application_key({ ...key, version, operation });
      if (data.scanned === "none" && operation.op === "scan") {
        return redirect(`${POS_URL}?${new URLSearchParams({ q: operation.code, unmatched: "1" })}`);
      }
      return redirect(back);
    }
    return await heldCartOrSale(posIntent, submission.value, client, key, back);
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
      const paid = payments.flatMap(({ method, amount }) => (amount ? [{ method, amount_cents: amount }] : []));
      // A card beside other methods pays a fee on its own share only, which the shown total cannot know.
      const splitCard = paid.length > 1 && paid.some((payment) => payment.method === "credit_card");
      const { data: order } = await client.add_pos_order_data({
        ...key,
        ...cart,
        payments: paid,
        idempotency_key,
        expected_total_cents: splitCard ? undefined : expected_total_cents,
        pos_cart_version: version,
      });
      return redirect(
        `${POS_URL}?${new URLSearchParams({ sold: String(order.id), number: String(order.order_number) })}`,
      );
    }
  }
}

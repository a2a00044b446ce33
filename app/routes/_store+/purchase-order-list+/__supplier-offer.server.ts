import { offerKey } from "#modules/purchase-order/contract";
import { ActionFailure, type ActionClient } from "~/server/action-client.server";
import type { LineOffer } from "./__purchase-order-form";

/** What a posted form's supplier sells, for its line rules; nothing when that supplier cannot be read. */
export async function supplierOffer(
  client: ActionClient,
  applicationKey: string,
  formData: FormData,
): Promise<LineOffer[] | undefined> {
  const id = Number(formData.get("supplier_id"));
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  try {
    const { data } = await client.get_supplier_data_by_application_key_and_id({ application_key: applicationKey, id });
    return data.products.map((product) => ({
      key: offerKey(product.product_code, product.variant_id),
      minimum: product.minimum_order_quantity,
    }));
  } catch (error) {
    if (error instanceof ActionFailure) return undefined;
    throw error;
  }
}

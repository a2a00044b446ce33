import type { ActionClient } from "~/server/action-client.server";
import { everyListed } from "~/server/spreadsheet.server";
import { orderListPayload, type orderListQuery } from "./__order-list-query.server";
import { exportOrder, type ExportOrder } from "./__order-sheet.server";

/** Every order the list's search and filters select, in the list's order, for an export. */
export async function ordersForExport(
  client: ActionClient,
  applicationKey: string,
  query: ReturnType<typeof orderListQuery>,
): Promise<ExportOrder[]> {
  const orders = await everyListed((paging) =>
    client.get_order_data_and_total_number_by_sorting_and_limit({
      ...orderListPayload(applicationKey, query),
      ...paging,
    }),
  );
  return orders.map(exportOrder);
}

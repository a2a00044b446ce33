import type { ActionClient } from "~/server/action-client.server";
import { asRouteError } from "~/server/errors.server";
import { allPages } from "~/server/spreadsheet.server";
import { orderListPayload, type orderListQuery } from "./__order-list-query.server";
import { exportOrder, type ExportOrder } from "./__order-sheet.server";

/** Every order the list's search and filters select, in the list's order, for an export. */
export function ordersForExport(
  client: ActionClient,
  applicationKey: string,
  query: ReturnType<typeof orderListQuery>,
): Promise<ExportOrder[]> {
  return allPages(async (page, limit) => {
    const { data } = await client
      .get_order_data_and_total_number_by_sorting_and_limit({
        ...orderListPayload(applicationKey, query),
        limit,
        page,
      })
      .catch(asRouteError);
    return data.map(exportOrder);
  });
}

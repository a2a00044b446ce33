import type { InternalAccountData, PlanRecord } from "#contract/actions";
import type { ActionClient } from "./action-client.server";
import { asRouteError, recordId } from "./errors.server";

// The backend answers get_single_data_by_data_type_and_id with a loosely typed record; these are its shapes.
interface RecordTypes {
  internal_account_data: InternalAccountData;
  plan_data: PlanRecord;
}

/** A record for a staff page, or the 404 page when there is no such record. */
export async function getRecordOr404<T extends keyof RecordTypes>(
  client: ActionClient,
  dataType: T,
  param: string | undefined,
): Promise<RecordTypes[T]> {
  const { data } = await client
    .get_single_data_by_data_type_and_id({ data_type: dataType, id: recordId(param) })
    .catch(asRouteError);
  return data as unknown as RecordTypes[T];
}

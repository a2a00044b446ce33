import type { InternalAccountData, PlanRecord } from "../../contract/actions";
import { ActionFailure, type ActionClient } from "~/server/action-client.server";

// The backend answers get_single_data_by_data_type_and_id with a loosely typed record; these are its shapes.
interface RecordTypes {
  internal_account_data: InternalAccountData;
  plan_data: PlanRecord;
}

const notFound = () => new Response("Not Found", { status: 404, statusText: "Not Found" });

/** A backend 404 becomes the page's 404 (File not Found); other failures go on to the error boundary. */
export function notFoundPage(error: unknown): never {
  throw error instanceof ActionFailure && error.status === 404 ? notFound() : error;
}

/** The record id in a URL; anything but a positive integer is a page that does not exist. */
export function recordId(param: string | undefined): number {
  const id = Number(param);
  if (!Number.isInteger(id) || id < 1) throw notFound();
  return id;
}

/** A record for a staff page, or the 404 page when there is no such record. */
export async function getRecordOr404<T extends keyof RecordTypes>(
  client: ActionClient,
  dataType: T,
  param: string | undefined,
): Promise<RecordTypes[T]> {
  const { data } = await client
    .get_single_data_by_data_type_and_id({ data_type: dataType, id: recordId(param) })
    .catch(notFoundPage);
  return data as unknown as RecordTypes[T];
}

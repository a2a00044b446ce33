import type { AppLoadContext } from "@remix-run/cloudflare";
import { hongKongTime } from "#contract/dates";
import { QUOTATION_REQUEST_SORTS } from "#modules/quotation-request/options";
import { ActionFailure, type ActionClient } from "~/server/action-client.server";
import { redirectWithToast, refusalToast } from "~/server/auth.server";
import { asRouteError, httpError } from "~/server/errors.server";
import { defineList } from "~/server/list-page.server";
import { readDay } from "~/utils/list-query.server";
import { LIST_URL, STATUS_FILTERS } from "./__quotation-requests";

/** The list: its search, status, days received (Hong Kong days) and order from its URL; a date no calendar has reads as no date. */
export const requestList = defineList({
  action: "get_quotation_request_data_and_total_number_by_sorting_and_limit",
  ns: "quotation-request",
  sorts: QUOTATION_REQUEST_SORTS,
  filters: { status: STATUS_FILTERS },
  params: (url) => ({
    created_from: readDay(url, "created_from"),
    created_to: readDay(url, "created_to"),
  }),
  payload: (query) => ({
    status: query.status === "all" ? undefined : query.status,
    created_from: query.created_from || undefined,
    created_to: query.created_to || undefined,
  }),
});

/** A page of the list, as its rows show it. */
export async function requestListPage(client: ActionClient, applicationKey: string, request: Request) {
  const { list, query, rows } = await requestList.load(client, request, { application_key: applicationKey });
  return {
    list,
    requests: rows.map((request) => ({
      id: request.id,
      receivedAt: hongKongTime(request.create_date),
      contactName: request.contact_name,
      companyName: request.company_name,
      email: request.email,
      phone: request.phone,
      status: request.status,
    })),
    filtered: Boolean(query.q || query.created_from || query.created_to || query.status !== "all"),
  };
}

/** The request with its lines; an unknown one is "quotation request not found". */
export async function requestDetail(client: ActionClient, applicationKey: string, id: number) {
  const { data } = await client
    .get_quotation_request_data_by_application_key_and_id({ application_key: applicationKey, id })
    .catch((error: unknown) => {
      if (error instanceof ActionFailure && error.status === 404) throw httpError(404, "quotation-request-not-found");
      return asRouteError(error);
    });
  return data;
}

const INTENTS = ["quote", "close"] as const;

/**
 * The detail page's two buttons, each over the version the page was loaded with: "quote" makes the
 * quotation and opens it; "close" comes back here. A refusal (quoted or closed meanwhile) is a toast here.
 */
export async function requestDetailAction(
  request: Request,
  context: AppLoadContext,
  client: ActionClient,
  applicationKey: string,
  id: number,
) {
  const here = `${LIST_URL}/detail/${id}`;
  const formData = await request.formData();
  const intent = formData.get("intent");
  const version = Number(formData.get("version"));
  if (!INTENTS.includes(intent as never) || !Number.isSafeInteger(version) || version < 1) {
    throw httpError(400, "bad-request");
  }
  try {
    if (intent === "quote") {
      const { data } = await client.add_quotation_from_request_data({
        application_key: applicationKey,
        quotation_request_id: id,
        version,
      });
      return redirectWithToast(
        `/quotation-list/detail/${data.id}`,
        { tone: "success", message: "quotation-request:quoted" },
        request,
        context,
      );
    }
    await client.update_quotation_request_status_data_by_application_key_and_id({
      application_key: applicationKey,
      id,
      version,
      status: "closed",
    });
    return redirectWithToast(here, { tone: "success", message: "quotation-request:closed" }, request, context);
  } catch (error) {
    if (!(error instanceof ActionFailure) || error.status === 403) throw error;
    if (error.status === 404) throw httpError(404, "quotation-request-not-found");
    return redirectWithToast(here, refusalToast(error.messageKey), request, context);
  }
}

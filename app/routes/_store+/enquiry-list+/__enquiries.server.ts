/*
 * Both enquiry lists (`/enquiry-list`, `/medi-enquiry-list`) and their detail pages are one implementation
 * parametrised by the kind: the routes guard themselves, then call these.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { payloads } from "#contract/actions";
import { hongKongTime } from "#contract/dates";
import type { EnquiryRecord } from "#modules/enquiry/contract";
import type { EnquiryKind } from "#contract/options";
import { ENQUIRY_SORTS } from "#modules/enquiry/options";
import type { ActionClient } from "~/server/action-client.server";
import { ActionFailure } from "~/server/action-client.server";
import { redirectWithToast } from "~/server/auth.server";
import { asRouteError, httpError } from "~/server/errors.server";
import { deleteThenRedirect, submitForm } from "~/server/forms.server";
import { csvField, everyListed } from "~/server/spreadsheet.server";
import { withoutRefusedFilters } from "~/utils/list-filters";
import { listPayload, readDay, readListQuery } from "~/utils/list-query.server";
import { pageCount } from "~/utils/list-params";
import { DELETE_INTENT } from "~/components/delete-record";
import { handlingFormSchema, replyFormSchema } from "./__enquiry-forms";
import { LIST_URLS, STATUS_FILTERS } from "./__enquiry-kinds";

const LIST_OPTIONS = { sorts: ENQUIRY_SORTS, filters: { status: STATUS_FILTERS } };

/** The list's search, status, days received (Hong Kong days) and order from its URL. */
export function enquiryListQuery(url: URL) {
  return {
    ...readListQuery(url, LIST_OPTIONS),
    created_from: readDay(url, "created_from"),
    created_to: readDay(url, "created_to"),
  };
}

type EnquiryListQuery = ReturnType<typeof enquiryListQuery>;

/** The list call's payload; a date no calendar has reads as no date. */
function enquiryListPayload(applicationKey: string, query: EnquiryListQuery) {
  return withoutRefusedFilters(payloads.get_enquiry_data_and_total_number_by_sorting_and_limit, {
    application_key: applicationKey,
    ...listPayload(query),
    status: query.status === "all" ? undefined : query.status,
    created_from: query.created_from || undefined,
    created_to: query.created_to || undefined,
  });
}

type ListPayload = ReturnType<typeof enquiryListPayload>;

const listCall = (client: ActionClient, kind: EnquiryKind, payload: ListPayload) =>
  kind === "general"
    ? client.get_enquiry_data_and_total_number_by_sorting_and_limit(payload)
    : client.get_medi_enquiry_data_and_total_number_by_sorting_and_limit(payload);

/** A page of the list, as its rows show it. */
export async function enquiryListPage(
  client: ActionClient,
  kind: EnquiryKind,
  applicationKey: string,
  query: EnquiryListQuery,
) {
  const { data, extra } = await listCall(client, kind, enquiryListPayload(applicationKey, query)).catch(asRouteError);
  return {
    enquiries: data.map((enquiry) => ({
      id: enquiry.id,
      receivedAt: hongKongTime(enquiry.create_date),
      name: enquiry.name,
      email: enquiry.email,
      phone: enquiry.phone,
      subject: enquiry.subject,
      status: enquiry.status,
      assignee: enquiry.assignee_name,
      preferredDate: enquiry.preferred_date,
      preferredTimeSlot: enquiry.preferred_time_slot,
    })),
    filtered: Boolean(query.q || query.created_from || query.created_to || query.status !== "all"),
    pageCount: pageCount(extra.total_number, query.pageSize),
  };
}

/** Every enquiry the list's search and filters select, as CSV (with a BOM, so Excel reads the Chinese). */
export async function enquiriesCsv(
  client: ActionClient,
  kind: EnquiryKind,
  applicationKey: string,
  query: EnquiryListQuery,
  t: AppLoadContext["t"],
) {
  const rows = await everyListed((paging) =>
    listCall(client, kind, { ...enquiryListPayload(applicationKey, query), ...paging }),
  );
  const medical = kind === "medical";
  const columns: [string, (row: EnquiryRecord) => string][] = [
    ["ID", (row) => String(row.id)],
    [t("enquiry:field.received"), (row) => hongKongTime(row.create_date)],
    [t("enquiry:field.status"), (row) => t(`enquiry:status.${row.status}`)],
    [t("enquiry:field.name"), (row) => row.name],
    [t("enquiry:field.email"), (row) => row.email],
    [t("enquiry:field.phone"), (row) => row.phone ?? ""],
    [t("enquiry:field.subject"), (row) => row.subject],
    ...(medical
      ? ([
          [t("enquiry:field.date-of-birth"), (row) => row.date_of_birth ?? ""],
          [t("enquiry:field.preferred-date"), (row) => row.preferred_date ?? ""],
          [
            t("enquiry:field.preferred-time-slot"),
            (row) => (row.preferred_time_slot ? t(`enquiry:time-slot.${row.preferred_time_slot}`) : ""),
          ],
          [t("enquiry:field.practitioner"), (row) => row.practitioner ?? ""],
        ] satisfies [string, (row: EnquiryRecord) => string][])
      : []),
    [t("enquiry:field.assignee"), (row) => row.assignee_name ?? ""],
  ];
  const lines = [columns.map(([heading]) => heading), ...rows.map((row) => columns.map(([, value]) => value(row)))];
  return `\uFEFF${lines.map((fields) => fields.map(csvField).join(",")).join("\r\n")}\r\n`;
}

/** The enquiry with its thread and the staff it may be assigned to; an unknown one is "enquiry not found". */
export async function enquiryDetail(client: ActionClient, kind: EnquiryKind, applicationKey: string, id: number) {
  const key = { application_key: applicationKey, id };
  const call =
    kind === "general"
      ? client.get_enquiry_data_by_application_key_and_id(key)
      : client.get_medi_enquiry_data_by_application_key_and_id(key);
  const { data } = await call.catch((error: unknown) => {
    if (error instanceof ActionFailure && error.status === 404) throw httpError(404, "enquiry-not-found");
    return asRouteError(error);
  });
  return data;
}

/**
 * The detail page's posts: `handle` saves the status, assignee and note over the version the page was
 * loaded with; `reply` e-mails the enquirer and joins the thread; `delete` removes it for good.
 */
export async function enquiryDetailAction(
  request: Request,
  context: AppLoadContext,
  client: ActionClient,
  kind: EnquiryKind,
  applicationKey: string,
  id: number,
) {
  const listUrl = LIST_URLS[kind];
  const pageUrl = `${listUrl}/${id}`;
  const key = { application_key: applicationKey, id };
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === DELETE_INTENT) {
    return deleteThenRedirect(
      request,
      context,
      () =>
        kind === "general"
          ? client.delete_enquiry_data_by_application_key_and_id(key)
          : client.delete_medi_enquiry_data_by_application_key_and_id(key),
      { listUrl, deleted: "enquiry:deleted" },
    );
  }
  if (intent === "reply") {
    const submitted = await submitForm(formData, replyFormSchema, (value) => {
      const reply = { application_key: applicationKey, enquiry_id: id, message: value.message };
      return kind === "general" ? client.add_enquiry_reply_data(reply) : client.add_medi_enquiry_reply_data(reply);
    });
    if (!submitted.saved) return { intent: "reply" as const, reply: submitted.reply };
    return redirectWithToast(pageUrl, { tone: "success", message: "enquiry:reply-sent" }, request, context);
  }
  const submitted = await submitForm(formData, handlingFormSchema, (value) => {
    const handling = { ...key, ...value, assignee_id: value.assignee_id ?? null, note: value.note ?? null };
    return kind === "general"
      ? client.update_enquiry_data_by_application_key_and_id(handling)
      : client.update_medi_enquiry_data_by_application_key_and_id(handling);
  });
  if (!submitted.saved) return { intent: "handle" as const, reply: submitted.reply };
  return redirectWithToast(pageUrl, { tone: "success", message: "common:form.saved" }, request, context);
}

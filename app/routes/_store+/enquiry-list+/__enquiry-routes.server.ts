import { hongKongDate, hongKongTime } from "#contract/dates";
import { isConfirmingDelete } from "~/components/delete-record";
import { csvResponse } from "~/server/downloads.server";
import { recordId } from "~/server/errors.server";
import { can } from "~/server/permissions.server";
import { storeRoute } from "~/server/store-route.server";
import { type Twin, TWINS } from "~/utils/twins";
import {
  enquiriesCsv,
  enquiryDetail,
  enquiryDetailAction,
  enquiryListPage,
  enquiryListQuery,
} from "./__enquiries.server";
import { handlingFormValues } from "./__enquiry-forms";

/** The loaders and actions of a kind's enquiry pages, guarded by its module permission. */
function enquiryRoutes(kind: Twin) {
  const { module, titles, csv } = TWINS[kind].enquiry;
  const read = `${module}:read` as const;
  const write = `${module}:write` as const;
  return {
    list: {
      loader: storeRoute(read, async ({ request, context }, { store, client }) => {
        const url = new URL(request.url);
        const query = enquiryListQuery(url);
        return {
          kind,
          title: context.t(titles.list),
          search: url.search,
          query,
          ...(await enquiryListPage(client, kind, store.applicationKey, query)),
        };
      }),
    },
    detail: {
      loader: storeRoute(read, async ({ request, params, context }, { user, store, client }) => {
        const enquiry = await enquiryDetail(client, kind, store.applicationKey, recordId(params.id));
        const canWrite = can(user, write);
        return {
          kind,
          title: context.t(titles.detail, { id: enquiry.id }),
          enquiry: {
            id: enquiry.id,
            status: enquiry.status,
            name: enquiry.name,
            email: enquiry.email,
            phone: enquiry.phone,
            subject: enquiry.subject,
            receivedAt: hongKongTime(enquiry.create_date),
            dateOfBirth: enquiry.date_of_birth,
            preferredDate: enquiry.preferred_date,
            preferredTimeSlot: enquiry.preferred_time_slot,
            practitioner: enquiry.practitioner,
            version: enquiry.version,
          },
          messages: enquiry.messages.map((message) => ({
            id: message.id,
            fromStaff: message.sender === "staff",
            author:
              message.sender === "staff"
                ? context.t("enquiry:from-staff", { email: message.author_email ?? "" })
                : enquiry.name,
            sentAt: hongKongTime(message.create_date),
            body: message.body,
          })),
          staff: enquiry.staff,
          handling: handlingFormValues(enquiry),
          canWrite,
          confirmingDelete: canWrite && isConfirmingDelete(request),
        };
      }),
      action: storeRoute(write, ({ request, params, context }, { store, client }) =>
        enquiryDetailAction(request, context, client, kind, store.applicationKey, recordId(params.id)),
      ),
    },
    /** The filtered list as CSV. */
    csv: {
      loader: storeRoute(read, async ({ request, context }, { store, client }) => {
        const query = enquiryListQuery(new URL(request.url));
        const rows = await enquiriesCsv(client, kind, store.applicationKey, query, context.t);
        return csvResponse(rows, `${csv}-${hongKongDate(new Date(context.now()))}.csv`);
      }),
    },
  };
}

export const ENQUIRY_ROUTES = { general: enquiryRoutes("general"), medical: enquiryRoutes("medical") };

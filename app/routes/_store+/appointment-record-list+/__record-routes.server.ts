import { hongKongDate } from "#contract/dates";
import { csvResponse } from "~/server/downloads.server";
import { recordId } from "~/server/errors.server";
import { can, canSeePatientDetails } from "~/server/permissions.server";
import { storeRoute } from "~/server/store-route.server";
import { type Twin, TWINS } from "~/utils/twins";
import { recordListQuery, recordsCsv } from "./__appointment-records.server";
import { bookingAddAction, bookingAddData, bookingDetailAction, bookingDetailData } from "./__bookings.server";
import { recordListLoader } from "./__record-list.server";

/** The loaders and actions of a variant's record list and booking pages, guarded by its module permission. */
function recordRoutes(variant: Twin) {
  const { module, urls, csv, patients } = TWINS[variant].appointment;
  const read = `${module}:read` as const;
  const write = `${module}:write` as const;
  return {
    list: {
      loader: storeRoute(read, ({ request, context }, { user, store, client }) =>
        recordListLoader(request, context, client, variant, store.applicationKey, can(user, write)),
      ),
    },
    add: {
      loader: storeRoute(write, async ({ request, context }, { store, client }) => {
        const data = await bookingAddData(client, context, variant, store.applicationKey, new URL(request.url));
        return { ...data, title: context.t("appointment-booking:title.add") };
      }),
      action: storeRoute(write, ({ request, context }, { store, client }) =>
        bookingAddAction(request, context, client, variant, store.applicationKey),
      ),
    },
    detail: {
      loader: storeRoute(read, async ({ request, params, context }, { user, store, client }) => {
        const id = recordId(params.id);
        const canWrite = can(user, write);
        const url = new URL(request.url);
        const data = await bookingDetailData(
          client,
          context,
          variant,
          store.applicationKey,
          id,
          url,
          canWrite,
          store.storeName,
        );
        const patientUrl = patients && canSeePatientDetails(user) ? `${urls.records}/${id}/patient` : null;
        return { ...data, canWrite, patientUrl };
      }),
      action: storeRoute(write, ({ request, params, context }, { store, client }) =>
        bookingDetailAction(request, context, client, variant, store.applicationKey, recordId(params.id)),
      ),
    },
    /** The filtered list as CSV, with the patient details for those who may see them. */
    csv: {
      loader: storeRoute(read, async ({ request, context }, { user, store, client }) => {
        const query = recordListQuery(new URL(request.url));
        const withPatients = patients && canSeePatientDetails(user);
        const rows = await recordsCsv(client, variant, store.applicationKey, query, context, withPatients);
        return csvResponse(rows, `${csv}-${hongKongDate(new Date(context.now()))}.csv`);
      }),
    },
  };
}

export const RECORD_ROUTES = { general: recordRoutes("general"), medical: recordRoutes("medical") };

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { APPOINTMENT_URLS } from "#contract/appointments";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireStore } from "~/server/auth.server";
import { recordId } from "~/server/errors.server";
import { can, canSeePatientDetails, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { BookingDetailPage } from "../appointment-record-list+/__booking-pages";
import { bookingDetailAction, bookingDetailData } from "../appointment-record-list+/__bookings.server";

export const handle: RouteHandle = { i18n: ["appointment-bookings"], parent: APPOINTMENT_URLS.medical.records };
export const meta = titleMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "medi_appointment:read");
  const id = recordId(params.id);
  const canWrite = can(user, "medi_appointment:write");
  const data = await bookingDetailData(
    client,
    context,
    "medical",
    store.applicationKey,
    id,
    new URL(request.url),
    canWrite,
  );
  return {
    ...data,
    canWrite,
    patientUrl: canSeePatientDetails(user) ? `${APPOINTMENT_URLS.medical.records}/${id}/patient` : null,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "medi_appointment:write");
  return bookingDetailAction(request, context, client, "medical", store.applicationKey, recordId(params.id));
}

export default function BookingDetail() {
  return <BookingDetailPage data={useLoaderData<typeof loader>()} result={useActionData<typeof action>()} />;
}

export const ErrorBoundary = GeneralErrorBoundary;

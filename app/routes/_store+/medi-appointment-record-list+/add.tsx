import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { APPOINTMENT_URLS } from "#contract/appointments";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireStore } from "~/server/auth.server";
import { requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { AddBookingPage } from "../appointment-record-list+/__booking-pages";
import { bookingAddAction, bookingAddData } from "../appointment-record-list+/__bookings.server";

export const handle: RouteHandle = { i18n: ["appointment-bookings"], parent: APPOINTMENT_URLS.medical.records };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "medi_appointment:write");
  const data = await bookingAddData(client, context, "medical", store.applicationKey, new URL(request.url));
  return { ...data, title: context.t("appointment-bookings:title.add") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "medi_appointment:write");
  return bookingAddAction(request, context, client, "medical", store.applicationKey);
}

export default function AddBooking() {
  return <AddBookingPage data={useLoaderData<typeof loader>()} result={useActionData<typeof action>()} />;
}

export const ErrorBoundary = GeneralErrorBoundary;

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { APPOINTMENT_URLS } from "#contract/appointments";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireStore } from "~/server/auth.server";
import { recordId } from "~/server/errors.server";
import { can, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { BookingDetailPage } from "./__booking-pages";
import { bookingDetailAction, bookingDetailData } from "./__bookings.server";

export const handle: RouteHandle = { i18n: ["appointment-bookings"], parent: APPOINTMENT_URLS.general.records };
export const meta = titleMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "appointment:read");
  const id = recordId(params.id);
  const canWrite = can(user, "appointment:write");
  const data = await bookingDetailData(
    client,
    context,
    "general",
    store.applicationKey,
    id,
    new URL(request.url),
    canWrite,
  );
  return { ...data, canWrite, patientUrl: null };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "appointment:write");
  return bookingDetailAction(request, context, client, "general", store.applicationKey, recordId(params.id));
}

export default function BookingDetail() {
  return <BookingDetailPage data={useLoaderData<typeof loader>()} result={useActionData<typeof action>()} />;
}

export const ErrorBoundary = GeneralErrorBoundary;

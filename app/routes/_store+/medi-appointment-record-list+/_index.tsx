import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireStore } from "~/server/auth.server";
import { can, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { RecordListPage } from "../appointment-record-list+/__record-list";
import { recordListLoader } from "../appointment-record-list+/__record-list.server";

export const handle: RouteHandle = { i18n: ["appointment-records"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "medi_appointment:read");
  return recordListLoader(
    request,
    context,
    client,
    "medical",
    store.applicationKey,
    can(user, "medi_appointment:write"),
  );
}

export default function MediAppointmentRecordList() {
  return <RecordListPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = GeneralErrorBoundary;

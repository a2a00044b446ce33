import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireStore } from "~/server/auth.server";
import { requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { SETUP_URLS } from "../appointment-list+/__setup";
import { SortingPage } from "../appointment-list+/__setup-pages";
import { moveService, sortingData } from "../appointment-list+/__setup.server";

export const handle: RouteHandle = { i18n: ["appointment-setup"], parent: SETUP_URLS.medical.services };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const signed = await requireStore(request, context);
  const { user } = signed;
  requireCan(user, "medi_appointment:read");
  return sortingData({ request, context }, "medical", signed);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const signed = await requireStore(request, context);
  const { user } = signed;
  requireCan(user, "medi_appointment:write");
  return moveService({ request, context }, "medical", signed);
}

export default function MediServiceSorting() {
  return <SortingPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = GeneralErrorBoundary;

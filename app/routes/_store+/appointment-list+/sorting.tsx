import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireStore } from "~/server/auth.server";
import { requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { SETUP_URLS } from "./__setup";
import { SortingPage } from "./__setup-pages";
import { moveService, sortingData } from "./__setup.server";

export const handle: RouteHandle = { i18n: ["appointment-setup"], parent: SETUP_URLS.general.services };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const signed = await requireStore(request, context);
  const { user } = signed;
  requireCan(user, "appointment:read");
  return sortingData({ request, context }, "general", signed);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const signed = await requireStore(request, context);
  const { user } = signed;
  requireCan(user, "appointment:write");
  return moveService({ request, context }, "general", signed);
}

export default function ServiceSorting() {
  return <SortingPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = GeneralErrorBoundary;

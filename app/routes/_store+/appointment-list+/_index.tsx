import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireStore } from "~/server/auth.server";
import { requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { ServiceListPage } from "./__setup-pages";
import { serviceListData } from "./__setup.server";

export const handle: RouteHandle = { i18n: ["appointment-setup"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const signed = await requireStore(request, context);
  const { user } = signed;
  requireCan(user, "appointment:read");
  return serviceListData({ request, context }, "general", signed);
}

export default function ServiceList() {
  return <ServiceListPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = GeneralErrorBoundary;

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireStore } from "~/server/auth.server";
import { requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { SETUP_URLS } from "../../appointment-list+/__setup";
import { AddProviderPage } from "../../appointment-list+/__setup-pages";
import { addProvider, providerAddData } from "../../appointment-list+/__setup.server";

export const handle: RouteHandle = { i18n: ["appointment-setup"], parent: SETUP_URLS.medical.providers };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const signed = await requireStore(request, context);
  const { user } = signed;
  requireCan(user, "medi_appointment:write");
  return providerAddData({ request, context }, "medical", signed);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const signed = await requireStore(request, context);
  const { user } = signed;
  requireCan(user, "medi_appointment:write");
  return addProvider({ request, context }, "medical", signed);
}

export default function MediAddProvider() {
  return <AddProviderPage data={useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />;
}

export const ErrorBoundary = GeneralErrorBoundary;

import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireStore } from "~/server/auth.server";
import { requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { enquiryListPage, enquiryListQuery } from "./__enquiries.server";
import { EnquiryListPage } from "./__enquiry-list";
import { TITLES } from "./__enquiry-kinds";

export const handle: RouteHandle = { i18n: ["enquiries"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "enquiry:read");
  const url = new URL(request.url);
  const query = enquiryListQuery(url);
  return {
    kind: "general" as const,
    title: context.t(TITLES.general.list),
    search: url.search,
    query,
    ...(await enquiryListPage(client, "general", store.applicationKey, query)),
  };
}

export default function EnquiryList() {
  return <EnquiryListPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = GeneralErrorBoundary;

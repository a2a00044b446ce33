import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireStore } from "~/server/auth.server";
import { requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { enquiryListPage, enquiryListQuery } from "../enquiry-list+/__enquiries.server";
import { EnquiryListPage } from "../enquiry-list+/__enquiry-list";
import { TITLES } from "../enquiry-list+/__enquiry-kinds";

export const handle: RouteHandle = { i18n: ["enquiries"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "medi_enquiry:read");
  const url = new URL(request.url);
  const query = enquiryListQuery(url);
  return {
    kind: "medical" as const,
    title: context.t(TITLES.medical.list),
    search: url.search,
    query,
    ...(await enquiryListPage(client, "medical", store.applicationKey, query)),
  };
}

export default function MediEnquiryList() {
  return <EnquiryListPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = GeneralErrorBoundary;

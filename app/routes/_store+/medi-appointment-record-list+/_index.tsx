import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { RECORD_LIST_PAGE } from "../appointment-record-list+/__record-list";
import { RECORD_ROUTES } from "../appointment-record-list+/__record-routes.server";

const page = RECORD_LIST_PAGE;

export const loader = (args: LoaderFunctionArgs) => RECORD_ROUTES.medical.list.loader(args);
export const handle = page.handle;
export const links = page.links;
export const meta = page.meta;
export const ErrorBoundary = page.ErrorBoundary;
export default page.Component;

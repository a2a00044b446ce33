import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { SETUP_LIST_PAGES } from "../appointment-list+/__setup-lists";
import { SETUP_ROUTES } from "../appointment-list+/__setup-routes.server";

const page = SETUP_LIST_PAGES.medical.serviceList;

export const loader = (args: LoaderFunctionArgs) => SETUP_ROUTES.medical.serviceList.loader(args);
export const handle = page.handle;
export const meta = page.meta;
export const ErrorBoundary = page.ErrorBoundary;
export default page.Component;

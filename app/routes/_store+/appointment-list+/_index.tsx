import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { SETUP_LIST_PAGES } from "./__setup-lists";
import { SETUP_ROUTES } from "./__setup-routes.server";

const page = SETUP_LIST_PAGES.general.serviceList;

export const loader = (args: LoaderFunctionArgs) => SETUP_ROUTES.general.serviceList.loader(args);
export const handle = page.handle;
export const meta = page.meta;
export const ErrorBoundary = page.ErrorBoundary;
export default page.Component;

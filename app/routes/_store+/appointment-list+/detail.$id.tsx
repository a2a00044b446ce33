import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { SETUP_PAGES } from "./__setup-routes";
import { SETUP_ROUTES } from "./__setup-routes.server";

const page = SETUP_PAGES.general.serviceDetail;

export const loader = (args: LoaderFunctionArgs) => SETUP_ROUTES.general.serviceDetail.loader(args);
export const action = (args: ActionFunctionArgs) => SETUP_ROUTES.general.serviceDetail.action(args);
export const handle = page.handle;
export const meta = page.meta;
export const ErrorBoundary = page.ErrorBoundary;
export default page.Component;

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { BOOKING_PAGES } from "./__record-routes";
import { RECORD_ROUTES } from "./__record-routes.server";

const page = BOOKING_PAGES.general.detail;

export const loader = (args: LoaderFunctionArgs) => RECORD_ROUTES.general.detail.loader(args);
export const action = (args: ActionFunctionArgs) => RECORD_ROUTES.general.detail.action(args);
export const handle = page.handle;
export const meta = page.meta;
export const ErrorBoundary = page.ErrorBoundary;
export default page.Component;

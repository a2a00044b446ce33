import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { BOOKING_PAGES } from "./__record-routes";
import { RECORD_ROUTES } from "./__record-routes.server";

const page = BOOKING_PAGES.general.add;

export const loader = (args: LoaderFunctionArgs) => RECORD_ROUTES.general.add.loader(args);
export const action = (args: ActionFunctionArgs) => RECORD_ROUTES.general.add.action(args);
export const handle = page.handle;
export const meta = page.meta;
export const ErrorBoundary = page.ErrorBoundary;
export default page.Component;

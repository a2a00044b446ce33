import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ENQUIRY_PAGES } from "./__enquiry-routes";
import { ENQUIRY_ROUTES } from "./__enquiry-routes.server";

const page = ENQUIRY_PAGES.general.list;

export const loader = (args: LoaderFunctionArgs) => ENQUIRY_ROUTES.general.list.loader(args);
export const handle = page.handle;
export const meta = page.meta;
export const ErrorBoundary = page.ErrorBoundary;
export default page.Component;

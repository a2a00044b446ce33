import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ENQUIRY_LIST_PAGE } from "./__enquiry-list";
import { ENQUIRY_ROUTES } from "./__enquiry-routes.server";

const page = ENQUIRY_LIST_PAGE;

export const loader = (args: LoaderFunctionArgs) => ENQUIRY_ROUTES.general.list.loader(args);
export const handle = page.handle;
export const meta = page.meta;
export const ErrorBoundary = page.ErrorBoundary;
export default page.Component;

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ENQUIRY_DETAIL_PAGES } from "./__enquiry-routes";
import { ENQUIRY_ROUTES } from "./__enquiry-routes.server";

const page = ENQUIRY_DETAIL_PAGES.general;

export const loader = (args: LoaderFunctionArgs) => ENQUIRY_ROUTES.general.detail.loader(args);
export const action = (args: ActionFunctionArgs) => ENQUIRY_ROUTES.general.detail.action(args);
export const handle = page.handle;
export const meta = page.meta;
export const ErrorBoundary = page.ErrorBoundary;
export default page.Component;

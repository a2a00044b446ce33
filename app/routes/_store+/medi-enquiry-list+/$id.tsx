import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ENQUIRY_DETAIL_PAGES } from "../enquiry-list+/__enquiry-routes";
import { ENQUIRY_ROUTES } from "../enquiry-list+/__enquiry-routes.server";

const page = ENQUIRY_DETAIL_PAGES.medical;

export const loader = (args: LoaderFunctionArgs) => ENQUIRY_ROUTES.medical.detail.loader(args);
export const action = (args: ActionFunctionArgs) => ENQUIRY_ROUTES.medical.detail.action(args);
export const handle = page.handle;
export const meta = page.meta;
export const ErrorBoundary = page.ErrorBoundary;
export default page.Component;

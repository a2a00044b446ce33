import { ENQUIRY_PAGES } from "../enquiry-list+/__enquiry-routes";
import { ENQUIRY_ROUTES } from "../enquiry-list+/__enquiry-routes.server";

const page = ENQUIRY_PAGES.medical.detail;

export const loader = ENQUIRY_ROUTES.medical.detail.loader;
export const action = ENQUIRY_ROUTES.medical.detail.action;
export const handle = page.handle;
export const meta = page.meta;
export const ErrorBoundary = page.ErrorBoundary;
export default page.Component;

import { ENQUIRY_PAGES } from "./__enquiry-routes";
import { ENQUIRY_ROUTES } from "./__enquiry-routes.server";

const page = ENQUIRY_PAGES.general.detail;

export const loader = ENQUIRY_ROUTES.general.detail.loader;
export const action = ENQUIRY_ROUTES.general.detail.action;
export const handle = page.handle;
export const meta = page.meta;
export const ErrorBoundary = page.ErrorBoundary;
export default page.Component;

import { RECORD_PAGES } from "./__record-routes";
import { RECORD_ROUTES } from "./__record-routes.server";

const page = RECORD_PAGES.general.detail;

export const loader = RECORD_ROUTES.general.detail.loader;
export const action = RECORD_ROUTES.general.detail.action;
export const handle = page.handle;
export const meta = page.meta;
export const ErrorBoundary = page.ErrorBoundary;
export default page.Component;

import { RECORD_PAGES } from "../appointment-record-list+/__record-routes";
import { RECORD_ROUTES } from "../appointment-record-list+/__record-routes.server";

const page = RECORD_PAGES.medical.detail;

export const loader = RECORD_ROUTES.medical.detail.loader;
export const action = RECORD_ROUTES.medical.detail.action;
export const handle = page.handle;
export const meta = page.meta;
export const ErrorBoundary = page.ErrorBoundary;
export default page.Component;

import { RECORD_PAGES } from "./__record-routes";
import { RECORD_ROUTES } from "./__record-routes.server";

const page = RECORD_PAGES.general.add;

export const loader = RECORD_ROUTES.general.add.loader;
export const action = RECORD_ROUTES.general.add.action;
export const handle = page.handle;
export const meta = page.meta;
export const ErrorBoundary = page.ErrorBoundary;
export default page.Component;

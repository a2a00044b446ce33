import { SETUP_PAGES } from "./__setup-routes";
import { SETUP_ROUTES } from "./__setup-routes.server";

const page = SETUP_PAGES.general.serviceAdd;

export const loader = SETUP_ROUTES.general.serviceAdd.loader;
export const action = SETUP_ROUTES.general.serviceAdd.action;
export const handle = page.handle;
export const meta = page.meta;
export const ErrorBoundary = page.ErrorBoundary;
export default page.Component;

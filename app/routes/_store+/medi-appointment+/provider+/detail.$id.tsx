import { SETUP_PAGES } from "../../appointment-list+/__setup-routes";
import { SETUP_ROUTES } from "../../appointment-list+/__setup-routes.server";

const page = SETUP_PAGES.medical.providerDetail;

export const loader = SETUP_ROUTES.medical.providerDetail.loader;
export const action = SETUP_ROUTES.medical.providerDetail.action;
export const handle = page.handle;
export const meta = page.meta;
export const ErrorBoundary = page.ErrorBoundary;
export default page.Component;

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { SETUP_PAGES } from "../../appointment-list+/__setup-routes";
import { SETUP_ROUTES } from "../../appointment-list+/__setup-routes.server";

const page = SETUP_PAGES.general.providerAdd;

export const loader = (args: LoaderFunctionArgs) => SETUP_ROUTES.general.providerAdd.loader(args);
export const action = (args: ActionFunctionArgs) => SETUP_ROUTES.general.providerAdd.action(args);
export const handle = page.handle;
export const meta = page.meta;
export const ErrorBoundary = page.ErrorBoundary;
export default page.Component;

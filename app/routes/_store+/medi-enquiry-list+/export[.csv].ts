import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ENQUIRY_ROUTES } from "../enquiry-list+/__enquiry-routes.server";

/** The filtered list as CSV. */
export const loader = (args: LoaderFunctionArgs) => ENQUIRY_ROUTES.medical.csv.loader(args);

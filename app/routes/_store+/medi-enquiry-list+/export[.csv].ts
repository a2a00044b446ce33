import { ENQUIRY_ROUTES } from "../enquiry-list+/__enquiry-routes.server";

/** The filtered list as CSV. */
export const loader = ENQUIRY_ROUTES.medical.csv.loader;

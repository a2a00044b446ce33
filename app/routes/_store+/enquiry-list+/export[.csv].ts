import { ENQUIRY_ROUTES } from "./__enquiry-routes.server";

/** The filtered list as CSV. */
export const loader = ENQUIRY_ROUTES.general.csv.loader;

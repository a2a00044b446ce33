import { RECORD_ROUTES } from "./__record-routes.server";

/** The filtered list as CSV. */
export const loader = RECORD_ROUTES.general.csv.loader;

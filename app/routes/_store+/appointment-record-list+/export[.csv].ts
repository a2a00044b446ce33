import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { RECORD_ROUTES } from "./__record-routes.server";

/** The filtered list as CSV. */
export const loader = (args: LoaderFunctionArgs) => RECORD_ROUTES.general.csv.loader(args);

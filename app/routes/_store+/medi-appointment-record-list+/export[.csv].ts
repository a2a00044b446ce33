import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { RECORD_ROUTES } from "../appointment-record-list+/__record-routes.server";

/** The filtered list as CSV, with the patient details for those who may see them. */
export const loader = (args: LoaderFunctionArgs) => RECORD_ROUTES.medical.csv.loader(args);

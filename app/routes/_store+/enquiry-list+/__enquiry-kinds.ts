import { ENQUIRY_STATUSES } from "#contract/options";
import { TWINS } from "~/utils/twins";

/** Each kind's list, which is also where its detail pages live (`<list>/<id>`). */
export const LIST_URLS = { general: TWINS.general.enquiry.url, medical: TWINS.medical.enquiry.url };

export const STATUS_FILTERS = ["all", ...ENQUIRY_STATUSES] as const;

/** What waits for the store stands out; a closed enquiry is done. */
export const STATUS_TONES = {
  new: "attention",
  in_progress: "info",
  replied: "success",
  closed: undefined,
} as const;

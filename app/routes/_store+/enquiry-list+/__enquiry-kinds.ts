import { ENQUIRY_STATUSES, type EnquiryKind } from "#contract/options";

/** Each kind's list, which is also where its detail pages live (`<list>/<id>`). */
export const LIST_URLS = { general: "/enquiry-list", medical: "/medi-enquiry-list" } as const;

export const STATUS_FILTERS = ["all", ...ENQUIRY_STATUSES] as const;

/** What waits for the store stands out; a closed enquiry is done. */
export const STATUS_TONES = {
  new: "attention",
  in_progress: "info",
  replied: "success",
  closed: undefined,
} as const;

export const TITLES = {
  general: { list: "enquiries:title.list", detail: "enquiries:title.detail" },
  medical: { list: "enquiries:title.medi-list", detail: "enquiries:title.medi-detail" },
} as const satisfies Record<EnquiryKind, { list: string; detail: string }>;

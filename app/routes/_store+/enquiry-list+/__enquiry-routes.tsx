import { routePage } from "~/components/route-page";
import { type Twin, TWIN_NAMESPACES, TWINS } from "~/utils/twins";
import { EnquiryDetailPage } from "./__enquiry-detail";
import { EnquiryListPage } from "./__enquiry-list";

/** The pages of a kind's enquiry list and its enquiries (which Back to the list). */
function enquiryPages(kind: Twin) {
  const i18n = [TWIN_NAMESPACES.enquiries];
  return {
    list: routePage(EnquiryListPage, { i18n }),
    detail: routePage(EnquiryDetailPage, { i18n, parent: TWINS[kind].enquiry.url }),
  };
}

export const ENQUIRY_PAGES = { general: enquiryPages("general"), medical: enquiryPages("medical") };

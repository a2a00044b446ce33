import { routePage } from "~/components/route-page";
import { type Twin, TWIN_NAMESPACES, TWINS } from "~/utils/twins";
import { EnquiryDetailPage } from "./__enquiry-detail";

/** A kind's enquiry page (which Backs to its list); the list's page is in ./__enquiry-list, free of the forms. */
const detailPage = (kind: Twin) =>
  routePage(EnquiryDetailPage, { i18n: [TWIN_NAMESPACES.enquiries], parent: TWINS[kind].enquiry.url });

export const ENQUIRY_DETAIL_PAGES = { general: detailPage("general"), medical: detailPage("medical") };

import { routePage } from "~/components/route-page";
import { type Twin, TWIN_NAMESPACES, TWINS } from "~/utils/twins";
import { AddBookingPage, BookingDetailPage } from "./__booking-pages";
import { RecordListPage } from "./__record-list";

/** The pages of a variant's record list and its bookings (which Back to the list). */
function recordPages(variant: Twin) {
  const handle = { i18n: [TWIN_NAMESPACES.bookings], parent: TWINS[variant].appointment.urls.records };
  return {
    list: routePage(RecordListPage, { i18n: [TWIN_NAMESPACES.records] }),
    add: routePage(AddBookingPage, handle),
    detail: routePage(BookingDetailPage, handle),
  };
}

export const RECORD_PAGES = { general: recordPages("general"), medical: recordPages("medical") };

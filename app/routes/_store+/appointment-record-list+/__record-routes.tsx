import { routePage } from "~/components/route-page";
import { type Twin, TWIN_NAMESPACES, TWINS } from "~/utils/twins";
import { AddBookingPage, BookingDetailPage } from "./__booking-pages";

/** A variant's booking pages (which Back to its record list); the list's page is in ./__record-list, free of the forms. */
function bookingPages(variant: Twin) {
  const handle = { i18n: [TWIN_NAMESPACES.bookings], parent: TWINS[variant].appointment.urls.records };
  return { add: routePage(AddBookingPage, handle), detail: routePage(BookingDetailPage, handle) };
}

export const BOOKING_PAGES = { general: bookingPages("general"), medical: bookingPages("medical") };

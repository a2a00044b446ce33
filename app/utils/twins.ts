import { APPOINTMENT_MODULES, APPOINTMENT_URLS, type AppointmentVariant } from "#contract/appointments";
import { ENQUIRY_MODULES } from "#contract/options";

/*
 * The store's twin modules: general and medical appointments and enquiries are one implementation each,
 * parametrised by this table. Each variant names its modules (their permissions), its pages and its
 * titles; both variants keep a route file per URL (Remix needs one), each a few lines taking its
 * loader, action and page from the shared route factories of the general variant's folders.
 */

export type Twin = AppointmentVariant;

export const TWINS = {
  general: {
    appointment: {
      module: APPOINTMENT_MODULES.general,
      urls: { ...APPOINTMENT_URLS.general, sorting: `${APPOINTMENT_URLS.general.services}/sorting` },
      titles: { records: "appointment-record:title.list", patient: "appointment-record:title.patient" },
      patients: false,
      csv: "appointment-records",
    },
    enquiry: {
      module: ENQUIRY_MODULES.general,
      url: "/enquiry-list",
      titles: { list: "enquiry:title.list", detail: "enquiry:title.detail" },
      csv: "enquiries",
    },
  },
  medical: {
    appointment: {
      module: APPOINTMENT_MODULES.medical,
      urls: { ...APPOINTMENT_URLS.medical, sorting: `${APPOINTMENT_URLS.medical.services}/sorting` },
      titles: { records: "appointment-record:title.medi-list", patient: "appointment-record:title.patient" },
      /** Bookings carry patient details (for those who may see them). */
      patients: true,
      csv: "medical-appointment-records",
    },
    enquiry: {
      module: ENQUIRY_MODULES.medical,
      url: "/medi-enquiry-list",
      titles: { list: "enquiry:title.medi-list", detail: "enquiry:title.medi-detail" },
      csv: "medical-enquiries",
    },
  },
} as const satisfies Record<Twin, unknown>;

/** The translation namespace of each kind of twin page (the same for both variants). */
export const TWIN_NAMESPACES = {
  setup: "appointment-setup",
  records: "appointment-record",
  bookings: "appointment-booking",
  enquiries: "enquiry",
  /** The provider page's calendar feed (app/components/calendar-feed.tsx). */
  calendarFeed: "calendar-feed",
} as const;

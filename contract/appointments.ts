import type { ModuleId } from "./modules";
import type { APPOINTMENT_VARIANTS } from "./options";

/** General appointments (a salon, a tutor) and medical ones (a clinic): one implementation, two modules. */
export type AppointmentVariant = (typeof APPOINTMENT_VARIANTS)[number];

export const APPOINTMENT_MODULES = {
  general: "appointment",
  medical: "medi_appointment",
} as const satisfies Record<AppointmentVariant, ModuleId>;

/** Where each variant's pages are (spec §2; providers are ours). */
export const APPOINTMENT_URLS = {
  general: {
    services: "/appointment-list",
    records: "/appointment-record-list",
    categories: "/appointment/category",
    providers: "/appointment/provider",
  },
  medical: {
    services: "/medi-appointment-list",
    records: "/medi-appointment-record-list",
    categories: "/medi-appointment/category",
    providers: "/medi-appointment/provider",
  },
} as const satisfies Record<AppointmentVariant, Record<string, string>>;

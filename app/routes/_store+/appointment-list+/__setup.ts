import { PROVIDER_STATUSES } from "#contract/appointment-setup";
import { APPOINTMENT_URLS, type AppointmentVariant } from "#contract/appointments";
import { APPOINTMENT_STATUSES } from "#contract/options";

/*
 * The set-up pages of both appointment variants (providers, categories, services and their order) are one
 * implementation parametrised by the variant: each variant's thin route files guard themselves with their
 * own module's permission, then call the shared loaders, actions and pages of this folder.
 */

export const SETUP_URLS = {
  general: { ...APPOINTMENT_URLS.general, sorting: `${APPOINTMENT_URLS.general.services}/sorting` },
  medical: { ...APPOINTMENT_URLS.medical, sorting: `${APPOINTMENT_URLS.medical.services}/sorting` },
} as const satisfies Record<AppointmentVariant, Record<string, string>>;

/** A record's page: `<list>/detail/<id>` (spec §2). */
export const detailUrl = (listUrl: string, id: number) => `${listUrl}/detail/${id}`;

export const IMAGE_MODULES = { general: "appointment", medical: "medi_appointment" } as const;

export const PROVIDER_STATUS_FILTERS = ["all", ...PROVIDER_STATUSES] as const;
export const STATUS_FILTERS = ["all", ...APPOINTMENT_STATUSES] as const;

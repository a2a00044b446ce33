import { PROVIDER_STATUSES } from "#modules/appointment-setup/options";
import { APPOINTMENT_STATUSES } from "#contract/options";
import { TWINS } from "~/utils/twins";

/*
 * The set-up pages of both appointment variants (providers, categories, services and their order) are one
 * implementation parametrised by the variant (~/utils/twins): each variant's route files re-export the
 * loaders and actions of `__setup-routes.server.ts` (guarded by the variant's module permission) and the
 * pages of `__setup-lists.tsx` (the lists, which load no form code) or `__setup-routes.tsx` (the rest).
 */

export const SETUP_URLS = { general: TWINS.general.appointment.urls, medical: TWINS.medical.appointment.urls };

/** A record's page: `<list>/detail/<id>` (spec §2). */
export const detailUrl = (listUrl: string, id: number) => `${listUrl}/detail/${id}`;

export const IMAGE_MODULES = { general: TWINS.general.appointment.module, medical: TWINS.medical.appointment.module };

export const PROVIDER_STATUS_FILTERS = ["all", ...PROVIDER_STATUSES] as const;
export const STATUS_FILTERS = ["all", ...APPOINTMENT_STATUSES] as const;
export const STATUS_TONES = { accept: "success", stop: undefined } as const;

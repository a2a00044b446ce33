import * as z from "zod";
import { requireGuest } from "#modules/appointment-booking/contract";
import { productBookingFields, productBookingSettingFields } from "#modules/product-booking/contract";
import { hkdAsCents, text } from "#contract/field-rules";
import { version } from "#contract/parts";

/**
 * Staff's booking form: a member or a guest, a variant taking bookings (its key, `offerKey`, in the product
 * select), the units, the deposit paid or not.
 */
export const bookingFormSchema = z
  .object({ ...productBookingFields, product_code: text({ max: 100 }) })
  .superRefine(requireGuest);

/** A product's booking setting, the deposit typed in HK$. */
export const settingFormSchema = z.object({ ...productBookingSettingFields, deposit_cents: hkdAsCents() });
/** Editing one also posts back the version it was loaded with. */
export const editSettingFormSchema = settingFormSchema.extend({ version });

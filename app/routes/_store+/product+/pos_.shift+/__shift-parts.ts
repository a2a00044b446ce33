import { localizedName } from "#contract/localized";
import { formatHkd } from "#contract/money";
import type { PosShiftRecord } from "#modules/pos-shift/contract";

export const POS_URL = "/product/pos";
export const SHIFT_URL = "/product/pos/shift";
export const SHIFT_LIST_URL = `${SHIFT_URL}/list`;

/** An over/short amount with its sign: "+HK$1.20" over, "−HK$1.20" short. */
export const signedHkd = (cents: number) =>
  cents > 0 ? `+${formatHkd(cents)}` : cents < 0 ? `−${formatHkd(-cents)}` : formatHkd(0);

/** A shift's location's name in the page's language; null once the location was deleted. */
export const shiftLocationName = (shift: PosShiftRecord, locale: string) =>
  shift.location_name_zh_hk === null
    ? null
    : localizedName({ name_zh_hk: shift.location_name_zh_hk, name_en: shift.location_name_en ?? "" }, locale, "name");

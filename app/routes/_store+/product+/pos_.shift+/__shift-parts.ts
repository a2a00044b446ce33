import { formatHkd } from "#contract/money";

export const SHIFT_URL = "/product/pos/shift";
export const SHIFT_LIST_URL = `${SHIFT_URL}/list`;

/** An over/short amount with its sign: "+HK$1.20" over, "−HK$1.20" short. */
export const signedHkd = (cents: number) =>
  cents > 0 ? `+${formatHkd(cents)}` : cents < 0 ? `−${formatHkd(-cents)}` : formatHkd(0);

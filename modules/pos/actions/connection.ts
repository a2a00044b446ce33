// A POS device's time offline (issue 39), logged when it is back online: the staff log shows who sold offline,
// from when to when, and how many sales the device made meanwhile.
import { hongKongTime } from "../../../contract/dates";
import { withValue } from "../../../contract/messages";
import { ActionError } from "../../../backend/errors";
import { oneName } from "../../../backend/log";
import { defineAction } from "../../../backend/registry";
import { OFFLINE_CLOCK_SKEW_MINUTES, OFFLINE_SALE_MAX_AGE_HOURS } from "../options";

const MINUTE = 60_000;

type TimeField = "went_offline_at" | "back_online_at";

/**
 * A time the device kept, as the server's UTC: up to the clock skew ahead of the server's is now; further ahead,
 * or older than an offline sale may be, is refused beside its field.
 */
function deviceTime(field: TimeField, iso: string, now: Date): string {
  const at = Date.parse(iso);
  if (at > now.getTime() + OFFLINE_CLOCK_SKEW_MINUTES * MINUTE) {
    const message = withValue("offline-time-in-future", OFFLINE_CLOCK_SKEW_MINUTES);
    throw new ActionError(400, message, { [field]: [message] });
  }
  if (at < now.getTime() - OFFLINE_SALE_MAX_AGE_HOURS * 60 * MINUTE) {
    const message = withValue("offline-time-too-old", OFFLINE_SALE_MAX_AGE_HOURS);
    throw new ActionError(400, message, { [field]: [message] });
  }
  return new Date(Math.min(at, now.getTime())).toISOString();
}

export const posConnectionActions = [
  /**
   * One staff log entry for the whole time offline (its start, its end and the sales made), so the log reads one
   * line per outage, named by its times. Two round trips: the caller, then the entry.
   */
  defineAction(
    "add_pos_connection_log_data",
    "store:pos:write",
    async ({ went_offline_at, back_online_at, sales }, { store, caller, now }) => {
      const went = deviceTime("went_offline_at", went_offline_at, now);
      const back = deviceTime("back_online_at", back_online_at, now);
      await store.batch([
        store.log(caller, now, {
          action: "add",
          dataType: "pos_connection",
          recordId: went,
          recordName: oneName(`${hongKongTime(went)} – ${hongKongTime(back)}`),
          before: null,
          after: { went_offline_at: went, back_online_at: back, sales },
        }),
      ]);
      return null;
    },
  ),
];

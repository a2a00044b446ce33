import type { AppLoadContext } from "@remix-run/cloudflare";
import type { CalendarFeedLink } from "#modules/calendar-feed/contract";
import { CALENDAR_FEED_RESET_INTENT } from "~/components/calendar-feed";
import { redirectWithToast } from "./auth.server";
import { asRouteError } from "./errors.server";

/** The feed's absolute URL on this site, or null when the deployment cannot sign links. */
export const calendarFeedUrl = (request: Request, { path }: CalendarFeedLink) =>
  path === null ? null : new URL(path, request.url).href;

/** Whether a post to a provider's or coach's page is the feed's reset (read from a copy: the form reads it again). */
export async function isCalendarFeedReset(request: Request) {
  const form = await request.clone().formData();
  return form.get("intent") === CALENDAR_FEED_RESET_INTENT;
}

/** Resets the feed (the caller has checked the module's write permission) and comes back to the page. */
export async function resetCalendarFeed(request: Request, context: AppLoadContext, reset: () => Promise<unknown>) {
  await reset().catch(asRouteError);
  const page = new URL(request.url).pathname;
  return redirectWithToast(page, { tone: "success", message: "calendar-feed:reset-done" }, request, context);
}

import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { CalendarFeed } from "#modules/calendar-feed/contract";
import { writeIcs } from "#modules/calendar-feed/ics";
import { ActionFailure } from "~/server/action-client.server";

/**
 * A provider's or coach's private calendar feed (modules/calendar-feed), which Google or Outlook Calendar polls:
 * no sign-in, the signed token is the key; a tampered or reset one is 404.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  let feed: CalendarFeed;
  try {
    ({ data: feed } = await context.actions().get_calendar_feed_data_by_token({ token: params.token ?? "" }));
  } catch (error) {
    if (error instanceof ActionFailure && [400, 404].includes(error.status)) {
      throw new Response("Not Found", { status: 404 });
    }
    throw error;
  }
  const text = writeIcs({
    name: bothNames(feed.name_zh_hk, feed.name_en),
    now: new Date(),
    events: feed.events.map((event) => ({
      uid: event.uid,
      start: new Date(event.starts_at),
      end: new Date(event.ends_at),
      summary: [bothNames(event.name_zh_hk, event.name_en), event.customer_name].filter(Boolean).join(" · "),
      location: event.location ?? undefined,
    })),
  });
  return new Response(text, {
    headers: { "Content-Type": "text/calendar; charset=utf-8", "Cache-Control": "private, max-age=300" },
  });
}

/** A calendar has no language: both names, when the English one is there and says something else. */
const bothNames = (zhHk: string, en: string) => (en && en !== zhHk ? `${zhHk} ${en}` : zhHk);

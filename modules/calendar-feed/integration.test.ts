import { env } from "cloudflare:test";
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { loader } from "../../app/routes/calendar.$token[.ics]";
import { hongKongDate, hongKongDayStart } from "../../contract/dates";
import {
  createAppointmentRecord,
  createAppointmentService,
  createCoach,
  createCourseSession,
  createCourseType,
  createStore,
} from "../../tests/helpers/factories";
import { calendarFeedToken } from "./factories";
import { clientOver, db, merchant, TRANSPORT_NAMES, type TransportName } from "../../tests/integration/wire";

/** The feed as a calendar app fetches it: the route's reply, or its status when it refuses. */
async function fetchFeed(transport: TransportName, path: string) {
  const token = path.slice("/calendar/".length, -".ics".length);
  const args = {
    params: { token },
    request: new Request(`https://shop.test${path}`),
    context: { actions: () => clientOver(transport) },
  } as unknown as LoaderFunctionArgs;
  try {
    return await loader(args);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

type Event = Record<string, string>;

/** The feed's text read back: lines unfolded (RFC 5545 §3.1), each VEVENT's properties by name. */
function parseIcs(text: string) {
  expect(text.endsWith("\r\n")).toBe(true);
  const folded = text.split("\r\n");
  for (const line of folded) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  const lines = text.replace(/\r\n /g, "").split("\r\n").filter(Boolean);
  expect(lines[0]).toBe("BEGIN:VCALENDAR");
  expect(lines.at(-1)).toBe("END:VCALENDAR");
  const events: Event[] = [];
  let event: Event | null = null;
  for (const line of lines) {
    if (line === "BEGIN:VEVENT") event = {};
    else if (line === "END:VEVENT") {
      events.push(event!);
      event = null;
    } else if (event) {
      const cut = line.indexOf(":");
      event[line.slice(0, cut)] = line.slice(cut + 1);
    }
  }
  return events;
}

/** Tomorrow at this Hong Kong hour, as an instant. */
const tomorrowAt = (hour: number) =>
  new Date(Date.parse(hongKongDayStart(hongKongDate(new Date()), 1)) + hour * 3_600_000).toISOString();

describe.each(TRANSPORT_NAMES)("calendar feeds over %s", (transport) => {
  it("holds each live booking of the provider once, in UTC, and not cancelled ones nor another store's", async () => {
    const { store, client, key } = await merchant(transport);
    const { service, provider } = await createAppointmentService(db(), store.applicationKey, {
      service: { nameZhHk: "面部護理", nameEn: "Facial; deep, clean" },
    });
    const morning = await createAppointmentRecord(db(), store.applicationKey, service, {
      startsAt: tomorrowAt(10),
      customerName: "Chan Tai Man",
    });
    await createAppointmentRecord(db(), store.applicationKey, service, { startsAt: tomorrowAt(15) });
    await createAppointmentRecord(db(), store.applicationKey, service, {
      startsAt: tomorrowAt(12),
      status: "cancelled",
      cancelledAt: new Date().toISOString(),
    });
    // Another store's provider and booking at the same hour.
    const other = await createStore(db());
    const elsewhere = await createAppointmentService(db(), other.applicationKey);
    await createAppointmentRecord(db(), other.applicationKey, elsewhere.service, { startsAt: tomorrowAt(10) });
    // Beyond the window.
    await createAppointmentRecord(db(), store.applicationKey, service, {
      startsAt: new Date(Date.now() + 200 * 86_400_000).toISOString(),
    });

    const { data: link } = await client.get_appointment_provider_calendar_feed_data_by_application_key_and_id({
      ...key,
      id: provider.id,
    });
    expect(link.path).toMatch(/^\/calendar\/[\w.-]+\.ics$/);
    const reply = await fetchFeed(transport, link.path!);
    expect(reply.status).toBe(200);
    expect(reply.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(reply.headers.get("Cache-Control")).toBe("private, max-age=300");
    const events = parseIcs(await reply.text());
    expect(events.map((event) => event.DTSTART)).toEqual([
      `${tomorrowAt(10).slice(0, 10).replace(/-/g, "")}T020000Z`,
      `${tomorrowAt(15).slice(0, 10).replace(/-/g, "")}T070000Z`,
    ]);
    expect(events[0]).toMatchObject({
      DTEND: `${tomorrowAt(10).slice(0, 10).replace(/-/g, "")}T030000Z`,
      SUMMARY: "面部護理 Facial\\; deep\\, clean · Chan Tai Man",
      UID: `appointment-${morning.id}.${store.applicationKey}@calendar-feed`,
    });
    expect(events[0].DTSTAMP).toMatch(/^\d{8}T\d{6}Z$/);
    expect(new Set(events.map((event) => event.UID)).size).toBe(2);

    // A token signed for the other store naming this store's provider: the other store's scope finds nothing.
    const crossed = await calendarFeedToken(env.SESSION_SECRET, {
      applicationKey: other.applicationKey,
      kind: "provider",
      id: provider.id,
    });
    expect((await fetchFeed(transport, `/calendar/${crossed}.ics`)).status).toBe(404);
  });

  it("refuses a tampered token, and a reset link ends the old one", async () => {
    const { store, client, key } = await merchant(transport);
    const { provider } = await createAppointmentService(db(), store.applicationKey);
    const feedOf = { ...key, id: provider.id };
    const { data: first } = await client.get_appointment_provider_calendar_feed_data_by_application_key_and_id(feedOf);
    const path = first.path!;
    const signature = path.slice(path.lastIndexOf(".", path.length - 5) + 1, -4);
    const flipped = signature[0] === "A" ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect((await fetchFeed(transport, path.replace(signature, flipped))).status).toBe(404);
    // Another provider's id under this one's signature.
    expect(
      (await fetchFeed(transport, path.replace(`.provider.${provider.id}.`, `.provider.${provider.id + 1}.`))).status,
    ).toBe(404);
    // Named as the other kind.
    expect((await fetchFeed(transport, path.replace(".provider.", ".coach."))).status).toBe(404);

    const { data: reset } =
      await client.update_appointment_provider_calendar_feed_data_by_application_key_and_id(feedOf);
    expect(reset.path).not.toBe(path);
    expect((await fetchFeed(transport, path)).status).toBe(404);
    expect((await fetchFeed(transport, reset.path!)).status).toBe(200);
    const { data: shown } = await client.get_appointment_provider_calendar_feed_data_by_application_key_and_id(feedOf);
    expect(shown.path).toBe(reset.path);
  });

  it("shows a medical booking's service and time only, never the patient", async () => {
    const { store, client, key } = await merchant(transport);
    const { service, provider } = await createAppointmentService(db(), store.applicationKey, { variant: "medical" });
    await createAppointmentRecord(db(), store.applicationKey, service, {
      startsAt: tomorrowAt(10),
      customerName: "Patient Wong",
      customerPhone: "98765432",
      customerEmail: "wong@example.com",
      note: "Knee pain",
      patient: { allergies: "Penicillin", medicalNotes: "Diabetic", hkidLastFour: "123A" },
    });
    const { data: link } = await client.get_medi_appointment_provider_calendar_feed_data_by_application_key_and_id({
      ...key,
      id: provider.id,
    });
    const text = await (await fetchFeed(transport, link.path!)).text();
    const [event, ...rest] = parseIcs(text);
    expect(rest).toEqual([]);
    expect(event.SUMMARY).toBe(`${service.nameZhHk} ${service.nameEn}`);
    for (const detail of ["Wong", "98765432", "example.com", "Knee", "Penicillin", "Diabetic", "123A"]) {
      expect(text).not.toContain(detail);
    }
    // The general variant's link action does not open a medical provider.
    await expect(
      client.get_appointment_provider_calendar_feed_data_by_application_key_and_id({ ...key, id: provider.id }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("holds a coach's scheduled classes with their place, not cancelled ones, and resets", async () => {
    const { store, client, key } = await merchant(transport);
    const coach = await createCoach(db(), store.applicationKey);
    const type = await createCourseType(db(), store.applicationKey, { nameZhHk: "哈達瑜伽", nameEn: "Hatha" });
    const links = { coachId: coach.id, courseTypeId: type.id };
    const session = await createCourseSession(db(), store.applicationKey, links, { location: "Room 2, 5/F" });
    await createCourseSession(db(), store.applicationKey, links, {
      startsAt: tomorrowAt(18),
      endsAt: tomorrowAt(19),
      status: "cancelled",
    });
    const { data: link } = await client.get_yoga_coach_calendar_feed_data_by_application_key_and_id({
      ...key,
      id: coach.id,
    });
    const events = parseIcs(await (await fetchFeed(transport, link.path!)).text());
    expect(events).toEqual([
      expect.objectContaining({
        UID: `class-${session.id}.${store.applicationKey}@calendar-feed`,
        DTSTART: `${tomorrowAt(10).slice(0, 10).replace(/-/g, "")}T020000Z`,
        SUMMARY: "哈達瑜伽 Hatha",
        LOCATION: "Room 2\\, 5/F",
      }),
    ]);
    const { data: reset } = await client.update_yoga_coach_calendar_feed_data_by_application_key_and_id({
      ...key,
      id: coach.id,
    });
    expect((await fetchFeed(transport, link.path!)).status).toBe(404);
    expect((await fetchFeed(transport, reset.path!)).status).toBe(200);
  });
});

/**
 * The few lines of iCalendar (RFC 5545) a subscribed feed needs, written here rather than by a library: a
 * VCALENDAR of VEVENTs with UTC times, text escaped (§3.3.11), lines ended by CRLF and folded at 75 octets
 * (§3.1) without splitting a UTF-8 character.
 */

export interface IcsEvent {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location?: string;
}

export interface IcsCalendar {
  /** The calendar's name as the subscriber's app shows it (X-WR-CALNAME). */
  name: string;
  events: IcsEvent[];
  /** When the feed was made (each event's DTSTAMP). */
  now: Date;
}

const encoder = new TextEncoder();
const MAX_OCTETS = 75;

/** A UTC date-time: 20261207T020000Z. */
export const icsTime = (date: Date) =>
  date
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");

export const escapeText = (text: string) =>
  text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");

/** A content line folded into lines of at most 75 octets, each continuation starting with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let part = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The continuation's leading space counts towards its 75.
    const limit = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(part);
      part = "";
      octets = 0;
    }
    part += char;
    octets += size;
  }
  parts.push(part);
  return parts.join("\r\n ");
}

export function writeIcs({ name, events, now }: IcsCalendar): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Back office//Calendar feed//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(name)}`,
    "X-WR-TIMEZONE:Asia/Hong_Kong",
    ...events.flatMap((event) => [
      "BEGIN:VEVENT",
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${icsTime(now)}`,
      `DTSTART:${icsTime(event.start)}`,
      `DTEND:${icsTime(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
      ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
      "END:VEVENT",
    ]),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

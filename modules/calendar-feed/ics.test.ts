import { describe, expect, it } from "vitest";
import { escapeText, foldLine, icsTime, writeIcs } from "./ics";

const octets = (text: string) => new TextEncoder().encode(text).length;

describe("iCalendar text", () => {
  it("writes UTC times without separators", () => {
    expect(icsTime(new Date("2026-12-08T02:00:00.000Z"))).toBe("20261208T020000Z");
  });

  it("escapes backslashes, semicolons, commas and line breaks", () => {
    expect(escapeText("a\\b;c,d\r\ne\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });

  it("folds at 75 octets without splitting a Chinese character", () => {
    const line = `SUMMARY:${"面部護理".repeat(20)}`;
    const folded = foldLine(line).split("\r\n");
    expect(folded.length).toBeGreaterThan(1);
    for (const part of folded) expect(octets(part)).toBeLessThanOrEqual(75);
    expect(folded.slice(1).every((part) => part.startsWith(" "))).toBe(true);
    expect(folded.map((part, index) => (index ? part.slice(1) : part)).join("")).toBe(line);
  });

  it("ends every line with CRLF and leaves a short line alone", () => {
    const text = writeIcs({
      name: "Dr Chan",
      now: new Date("2026-12-07T00:00:00Z"),
      events: [
        {
          uid: "a@b",
          start: new Date("2026-12-08T02:00:00Z"),
          end: new Date("2026-12-08T03:00:00Z"),
          summary: "Facial",
        },
      ],
    });
    expect(
      text
        .split("\r\n")
        .slice(0, -1)
        .every((line) => !line.includes("\n")),
    ).toBe(true);
    expect(text).toContain("\r\nDTSTART:20261208T020000Z\r\nDTEND:20261208T030000Z\r\nSUMMARY:Facial\r\n");
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });
});

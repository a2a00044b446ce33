import { hongKongDate } from "../../contract/dates";
import { quote, list, addDays, demoShopRow, reminderMark, type ModuleDemoData } from "../../scripts/demo-sql";

const DEMO_COACHES = [
  { zh: "陳詠詩", en: "Wing Sze Chan", bio: "Hatha and yin teacher since 2015; gentle, precise alignment cues." },
  { zh: "李家朗", en: "Ka Long Lee", bio: "Vinyasa flow and strength; former dancer." },
  { zh: "Priya Sharma", en: "Priya Sharma", bio: "Pilates (mat and reformer) and prenatal classes." },
] as const;

const DEMO_COURSE_TYPES = [
  {
    zh: "哈達瑜伽",
    en: "Hatha Yoga",
    colour: "#2e7d32",
    description: "Steady postures and breathing, for every level.",
  },
  { zh: "陰瑜伽", en: "Yin Yoga", colour: "#6a1b9a", description: "Long, quiet holds that open hips and back." },
  { zh: "流動瑜伽", en: "Vinyasa Flow", colour: "#c62828", description: "Movement linked to breath; a sweaty class." },
  { zh: "普拉提", en: "Pilates", colour: "#1565c0", description: "Core strength on the mat, in a small group." },
] as const;

const DEMO_CREDIT_PACKAGES = [
  {
    zh: "體驗 3 堂",
    en: "Trial 3 classes",
    credits: 3,
    priceCents: 380_00,
    days: 30,
    starts: "purchase",
    types: [0, 1, 2, 3],
  },
  {
    zh: "10 堂套票",
    en: "10-class pack",
    credits: 10,
    priceCents: 1_800_00,
    days: 90,
    starts: "first_use",
    types: [0, 1, 2, 3],
  },
  {
    zh: "20 堂瑜伽套票",
    en: "20 yoga classes",
    credits: 20,
    priceCents: 3_200_00,
    days: 180,
    starts: "purchase",
    types: [0, 1, 2],
  },
] as const;

/** The weekly timetable: day (0 = Monday), HKT start, minutes, type, coach, room, places, credits. */
const DEMO_WEEK = [
  { day: 0, time: "07:30", minutes: 60, type: 0, coach: 0, room: "Studio A", places: 12, credits: 1 },
  { day: 0, time: "19:00", minutes: 75, type: 2, coach: 1, room: "Studio A", places: 12, credits: 1 },
  { day: 1, time: "12:30", minutes: 55, type: 3, coach: 2, room: "Studio B", places: 8, credits: 2 },
  { day: 2, time: "19:30", minutes: 75, type: 1, coach: 0, room: "Studio A", places: 12, credits: 1 },
  { day: 3, time: "07:30", minutes: 60, type: 0, coach: 1, room: "Studio A", places: 12, credits: 1 },
  { day: 4, time: "19:00", minutes: 75, type: 2, coach: 2, room: "Studio A", places: 12, credits: 1 },
  { day: 5, time: "10:00", minutes: 75, type: 0, coach: 0, room: "Studio A", places: 12, credits: 1 },
  { day: 5, time: "11:30", minutes: 55, type: 3, coach: 2, room: "Studio B", places: 8, credits: 2 },
  { day: 6, time: "17:00", minutes: 75, type: 1, coach: 1, room: "Studio A", places: 12, credits: 1 },
] as const;

/** Who bought which package (by index) and how: members 1–10 paid at the counter, then two online orders waiting. */
const DEMO_CREDIT_BUYERS = [
  ...[1, 1, 1, 1, 2, 2, 2, 0, 0, 1].map((pack, member) => ({ member, pack, status: "paid", method: "cash" })),
  { member: 10, pack: 1, status: "awaiting_payment", method: "fps" },
  { member: 11, pack: 0, status: "unverified_payment", method: "payme" },
] as const;

/**
 * Demo Shop as a studio too: 3 coaches, 4 course types, 3 credit packages, four weeks of timetable (two
 * before this one, this one, the next) with one cancelled class, members' credit orders, and bookings with
 * attendance for the past classes (the triggers take the places and credits as they would for staff).
 */
export function demoCoursesSql(now: Date, proofImageUrl: string): string {
  const key = quote("demo-shop");
  const statements: string[] = [];
  const row = (table: string, where: string) => demoShopRow(table, where);
  for (const coach of DEMO_COACHES) {
    statements.push(`INSERT INTO course_coach (application_key, name_zh_hk, name_en, bio)
      SELECT ${key}, ${quote(coach.zh)}, ${quote(coach.en)}, ${quote(coach.bio)}
      WHERE NOT EXISTS (SELECT 1 FROM course_coach WHERE application_key = ${key} AND name_en = ${quote(coach.en)});`);
  }
  for (const type of DEMO_COURSE_TYPES) {
    statements.push(`INSERT INTO course_type (application_key, name_zh_hk, name_en, colour, description)
      SELECT ${key}, ${quote(type.zh)}, ${quote(type.en)}, ${quote(type.colour)}, ${quote(type.description)}
      WHERE NOT EXISTS (SELECT 1 FROM course_type WHERE application_key = ${key} AND name_en = ${quote(type.en)});`);
  }
  const typeId = (index: number) => row("course_type", `name_en = ${quote(DEMO_COURSE_TYPES[index].en)}`);
  const packageId = (index: number) => row("credit_package", `name_en = ${quote(DEMO_CREDIT_PACKAGES[index].en)}`);
  for (const [index, pack] of DEMO_CREDIT_PACKAGES.entries()) {
    statements.push(`INSERT INTO credit_package (application_key, name_zh_hk, name_en, credits, price_cents, validity_days, validity_starts, on_sale)
      SELECT ${key}, ${quote(pack.zh)}, ${quote(pack.en)}, ${pack.credits}, ${pack.priceCents}, ${pack.days}, ${quote(pack.starts)}, 1
      WHERE NOT EXISTS (SELECT 1 FROM credit_package WHERE application_key = ${key} AND name_en = ${quote(pack.en)});`);
    for (const type of pack.types) {
      statements.push(`INSERT OR IGNORE INTO credit_package_course_type (application_key, package_id, course_type_id)
        VALUES (${key}, ${packageId(index)}, ${typeId(type)});`);
    }
  }

  const today = hongKongDate(now);
  const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
  const sessions = [-2, -1, 0, 1].flatMap((week) =>
    DEMO_WEEK.map((slot, index) => {
      const startsAt = new Date(`${addDays(monday, week * 7 + slot.day)}T${slot.time}:00+08:00`);
      return {
        ...slot,
        series: `demo-series-${index + 1}`,
        startsAt,
        endsAt: new Date(startsAt.getTime() + slot.minutes * 60_000),
      };
    }),
  );
  const sessionId = (session: (typeof sessions)[number]) =>
    row(
      "course_session",
      `series_key = ${quote(session.series)} AND starts_at = ${quote(session.startsAt.toISOString())}`,
    );
  for (const session of sessions) {
    statements.push(`INSERT INTO course_session (application_key, course_type_id, coach_id, series_key, location, starts_at, ends_at,
        credits_needed, max_places, created_at)
      SELECT ${key}, ${typeId(session.type)}, ${row("course_coach", `name_en = ${quote(DEMO_COACHES[session.coach].en)}`)},
        ${quote(session.series)}, ${quote(session.room)}, ${quote(session.startsAt.toISOString())}, ${quote(session.endsAt.toISOString())},
        ${session.credits}, ${session.places}, ${quote(addDays(monday, -21) + "T01:00:00.000Z")}
      WHERE NOT EXISTS (SELECT 1 FROM course_session WHERE application_key = ${key} AND series_key = ${quote(session.series)}
        AND starts_at = ${quote(session.startsAt.toISOString())});`);
  }

  const memberId = (index: number) =>
    `(SELECT id FROM member WHERE application_key = ${key} ORDER BY member_number LIMIT 1 OFFSET ${index})`;
  const paidAt = new Date(`${addDays(monday, -16)}T11:00:00+08:00`).toISOString();
  for (const [index, buyer] of DEMO_CREDIT_BUYERS.entries()) {
    const pack = DEMO_CREDIT_PACKAGES[buyer.pack];
    const paid = buyer.status === "paid";
    statements.push(`INSERT INTO credit_order (application_key, idempotency_key, channel, member_id, package_id, package_name_zh_hk,
        package_name_en, credits, validity_days, validity_starts, price_cents, status, payment_method, payment_status,
        proof_image_urls, actor_email, paid_at, created_at)
      SELECT ${key}, ${quote(`demo-credit-order-${index + 1}`)}, ${quote(paid ? "counter" : "online")}, ${memberId(buyer.member)},
        ${packageId(buyer.pack)}, ${quote(pack.zh)}, ${quote(pack.en)}, ${pack.credits}, ${pack.days}, ${quote(pack.starts)},
        ${pack.priceCents}, ${quote(buyer.status)}, ${quote(buyer.method)}, ${quote(paid ? "succeeded" : "no_payment_record")},
        ${list(buyer.status === "unverified_payment" ? [proofImageUrl] : [])}, ${quote(paid ? "merchant@example.com" : null)},
        ${quote(paid ? paidAt : null)}, ${quote(paid ? paidAt : new Date(now.getTime() - 86_400_000).toISOString())}
      ON CONFLICT (application_key, idempotency_key) DO NOTHING;`);
  }
  // The credits count from the day they were paid, not from the day the demo was seeded.
  statements.push(`UPDATE member_credit SET granted_at = ${quote(paidAt)},
      expires_at = CASE validity_starts WHEN 'purchase' THEN strftime('%Y-%m-%dT%H:%M:%fZ', ${quote(paidAt)}, '+' || validity_days || ' days') END
    WHERE application_key = ${key} AND granted_at > ${quote(paidAt)}
      AND credit_order_id IN (SELECT id FROM credit_order WHERE application_key = ${key} AND idempotency_key LIKE 'demo-credit-order-%');`);
  statements.push(`UPDATE credit_movement SET created_at = ${quote(paidAt)}
    WHERE application_key = ${key} AND reason = 'purchase' AND created_at > ${quote(paidAt)}
      AND credit_id IN (SELECT id FROM member_credit WHERE application_key = ${key} AND granted_at = ${quote(paidAt)});`);

  // Each class books a few of the buyers whose package covers it, while they keep 2 credits or more.
  const left = DEMO_CREDIT_BUYERS.flatMap((buyer, order) =>
    buyer.status === "paid"
      ? [{ ...buyer, order: order + 1, credits: DEMO_CREDIT_PACKAGES[buyer.pack].credits as number }]
      : [],
  );
  const bookedOn = new Map<number, number[]>();
  for (const [index, session] of sessions.entries()) {
    if (session.startsAt.getTime() > now.getTime() + 8 * 86_400_000) continue;
    const takers = left
      .filter(
        (buyer) =>
          (buyer.order + index) % 3 !== 0 &&
          buyer.credits - session.credits >= 2 &&
          (DEMO_CREDIT_PACKAGES[buyer.pack].types as readonly number[]).includes(session.type),
      )
      .slice(0, Math.min(session.places - 2, 3 + (index % 4)));
    const past = session.endsAt.getTime() < now.getTime();
    bookedOn.set(
      index,
      takers.map((buyer) => buyer.member),
    );
    for (const [place, buyer] of takers.entries()) {
      buyer.credits -= session.credits;
      const member = memberId(buyer.member);
      const creditId = `(SELECT c.id FROM member_credit c JOIN credit_order o ON o.id = c.credit_order_id
        WHERE o.application_key = ${key} AND o.idempotency_key = ${quote(`demo-credit-order-${buyer.order}`)})`;
      const attendance = !past ? "pending" : (index + place) % 7 === 3 ? "noshow" : "show";
      const bookedAt = new Date(session.startsAt.getTime() - (2 + place) * 86_400_000).toISOString();
      statements.push(`INSERT INTO course_booking (application_key, session_id, member_id, credit_id, credits_spent, actor_email, created_at)
        SELECT ${key}, ${sessionId(session)}, ${member}, ${creditId}, ${session.credits}, 'merchant@example.com', ${quote(bookedAt)}
        WHERE NOT EXISTS (SELECT 1 FROM course_booking WHERE session_id = ${sessionId(session)} AND member_id = ${member})
          -- A seed on a later day books other classes: only with the credits and places that are left.
          AND (SELECT credits_remaining FROM member_credit WHERE id = ${creditId}) >= ${session.credits}
          AND (SELECT booked_places < max_places FROM course_session WHERE id = ${sessionId(session)});`);
      statements.push(`UPDATE credit_movement SET created_at = ${quote(bookedAt)}
        WHERE reason = 'booking' AND booking_id = (SELECT id FROM course_booking WHERE session_id = ${sessionId(session)} AND member_id = ${member})
          AND created_at > ${quote(bookedAt)};`);
      if (attendance !== "pending") {
        statements.push(`UPDATE course_booking SET attendance = ${quote(attendance)}
          WHERE session_id = ${sessionId(session)} AND member_id = ${member} AND attendance = 'pending';`);
      }
    }
  }
  statements.push(...demoWaitlistSql(key, now, sessions, bookedOn, left, sessionId, memberId));
  // Next week's Saturday Pilates is cancelled (before anyone booked it).
  const cancelled = sessions.find(
    (session) => session.startsAt.getTime() > now.getTime() + 8 * 86_400_000 && session.type === 3,
  );
  if (cancelled) {
    statements.push(
      `UPDATE course_session SET status = 'cancelled' WHERE id = ${sessionId(cancelled)} AND booked_places = 0;`,
    );
  }
  // The bookings the hourly job has reminded by now.
  statements.push(`UPDATE course_booking SET reminded_at = (SELECT max(course_booking.created_at, ${reminderMark(key, "s.starts_at")})
      FROM course_session s WHERE s.id = course_booking.session_id)
    WHERE application_key = ${key} AND reminded_at IS NULL AND status = 'booked' AND session_id IN (
      SELECT id FROM course_session WHERE application_key = ${key} AND status = 'scheduled'
        AND ${reminderMark(key, "starts_at")} <= ${quote(now.toISOString())});`);
  return statements.join("\n");
}

/**
 * A full class with two members waiting (issue 40): the first upcoming class at least a day away that has
 * bookings is made full (its places cut to those booked), and two buyers not on it whose package covers it
 * join its waitlist. Each statement checks what the waitlist's trigger would, so a later seed never aborts.
 */
function demoWaitlistSql<S extends { startsAt: Date; type: number; credits: number }>(
  key: ReturnType<typeof quote>,
  now: Date,
  sessions: S[],
  bookedOn: Map<number, number[]>,
  buyers: { member: number; order: number; pack: number; credits: number }[],
  sessionId: (session: S) => string,
  memberId: (index: number) => string,
): string[] {
  const index = sessions.findIndex(
    (session, at) => session.startsAt.getTime() > now.getTime() + 86_400_000 && (bookedOn.get(at)?.length ?? 0) > 0,
  );
  if (index < 0) return [];
  const session = sessions[index];
  const id = sessionId(session);
  const waiting = buyers
    .filter(
      (buyer) =>
        !bookedOn.get(index)!.includes(buyer.member) &&
        buyer.credits >= session.credits &&
        (DEMO_CREDIT_PACKAGES[buyer.pack].types as readonly number[]).includes(session.type),
    )
    .slice(0, 2);
  return [
    `UPDATE course_session SET max_places = booked_places WHERE id = ${id} AND booked_places > 0
      AND NOT EXISTS (SELECT 1 FROM course_waitlist WHERE session_id = ${id});`,
    ...waiting.map((buyer, place) => {
      const member = memberId(buyer.member);
      const creditId = `(SELECT c.id FROM member_credit c JOIN credit_order o ON o.id = c.credit_order_id
        WHERE o.application_key = ${key} AND o.idempotency_key = ${quote(`demo-credit-order-${buyer.order}`)})`;
      const joinedAt = new Date(now.getTime() - (2 - place) * 3_600_000).toISOString();
      return `INSERT INTO course_waitlist (application_key, session_id, member_id, credit_id, actor_email, created_at, updated_at)
        SELECT ${key}, s.id, ${member}, c.id, 'merchant@example.com', ${quote(joinedAt)}, ${quote(joinedAt)}
        FROM course_session s JOIN member_credit c ON c.id = ${creditId}
        WHERE s.id = ${id} AND s.status = 'scheduled' AND s.booked_places >= s.max_places
          AND c.status = 'active' AND c.credits_remaining >= s.credits_needed
          AND (c.expires_at IS NULL OR c.expires_at > s.starts_at)
          AND EXISTS (SELECT 1 FROM credit_package_course_type p WHERE p.package_id = c.package_id AND p.course_type_id = s.course_type_id)
          AND NOT EXISTS (SELECT 1 FROM course_booking WHERE session_id = s.id AND member_id = ${member} AND status = 'booked')
          AND NOT EXISTS (SELECT 1 FROM course_waitlist WHERE session_id = s.id AND member_id = ${member});`;
    }),
  ];
}

export const courseSetupDemoData: ModuleDemoData = {
  rank: 110,
  sql: ({ now, images }) => demoCoursesSql(now, images.bag),
};

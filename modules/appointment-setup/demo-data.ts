import { hongKongDate } from "../../contract/dates";
import { quote, addDays, storeRow, hongKongInstant, reminderMark, type ModuleDemoData } from "../../scripts/demo-sql";

interface DemoService {
  zh: string;
  en: string;
  category: number;
  provider: number;
  minutes: number;
  priceCents: number;
  bufferAfter: number;
  capacity?: number;
  /** [schedule type, start, end] rows. */
  hours: readonly (readonly [string, string, string])[];
}

interface DemoAppointments {
  key: string;
  variant: "general" | "medical";
  providers: readonly { zh: string; en: string }[];
  categories: readonly { zh: string; en: string; description: string }[];
  services: readonly DemoService[];
  /** [day of this week (0 = Monday), HH:MM, service, customer index] */
  bookings: readonly (readonly [number, string, number, number])[];
  customers: readonly (readonly [string, string, string])[];
}

const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday"] as const;

/** Demo Shop's salon corner: one stylist, two services, open Tuesday to Sunday. */
const DEMO_SALON: DemoAppointments = {
  key: "demo-shop",
  variant: "general",
  providers: [{ zh: "黃美儀（髮型師）", en: "Amy Wong (stylist)" }],
  categories: [{ zh: "髮型", en: "Hair", description: "Cuts and colour by appointment." }],
  services: [
    {
      zh: "剪髮",
      en: "Haircut",
      category: 0,
      provider: 0,
      minutes: 45,
      priceCents: 280_00,
      bufferAfter: 15,
      hours: [
        ...["tuesday", "wednesday", "thursday", "friday", "saturday"].map((day) => [day, "11:00", "20:00"] as const),
        ["sunday", "12:00", "18:00"],
      ],
    },
    {
      zh: "染髮",
      en: "Hair colour",
      category: 0,
      provider: 0,
      minutes: 120,
      priceCents: 880_00,
      bufferAfter: 15,
      hours: [["everyday", "11:00", "18:00"]],
    },
  ],
  bookings: [
    [1, "11:00", 0, 0],
    [1, "14:00", 1, 1],
    [3, "12:00", 0, 2],
    [4, "16:00", 0, 3],
    [5, "11:00", 1, 4],
    [5, "15:00", 0, 5],
    [8, "11:00", 0, 6],
    [9, "13:00", 1, 7],
  ],
  customers: [],
};

/** Harbour Clinic: a doctor and a physiotherapist, a week of bookings with some patients' details. */
const DEMO_CLINIC: DemoAppointments = {
  key: "demo-clinic",
  variant: "medical",
  providers: [
    { zh: "陳志強醫生", en: "Dr Chi Keung Chan" },
    { zh: "李嘉怡（物理治療師）", en: "Ka Yi Lee (physiotherapist)" },
  ],
  categories: [
    { zh: "普通科", en: "General practice", description: "Consultations for adults and children." },
    { zh: "物理治療", en: "Physiotherapy", description: "Back, neck and sports injuries." },
  ],
  services: [
    {
      zh: "普通科診症",
      en: "GP consultation",
      category: 0,
      provider: 0,
      minutes: 15,
      priceCents: 350_00,
      bufferAfter: 0,
      hours: [
        ...WEEKDAYS.flatMap((day) => [[day, "09:00", "13:00"] as const, [day, "14:30", "18:00"] as const]),
        ["saturday", "09:00", "13:00"],
      ],
    },
    {
      zh: "物理治療（45 分鐘）",
      en: "Physiotherapy (45 min)",
      category: 1,
      provider: 1,
      minutes: 45,
      priceCents: 650_00,
      bufferAfter: 15,
      hours: [
        ["monday", "10:00", "19:00"],
        ["wednesday", "10:00", "19:00"],
        ["friday", "10:00", "19:00"],
      ],
    },
  ],
  bookings: [
    [0, "09:00", 0, 0],
    [0, "09:30", 0, 1],
    [0, "10:00", 1, 2],
    [0, "11:00", 1, 3],
    [1, "10:15", 0, 4],
    [1, "15:00", 0, 5],
    [2, "09:15", 0, 0],
    [2, "15:00", 1, 1],
    [3, "11:00", 0, 2],
    [4, "10:00", 1, 4],
    [4, "16:30", 0, 3],
    [5, "09:45", 0, 5],
  ],
  customers: [
    ["何家俊", "91112222", "kachun.ho@example.com"],
    ["Mary Chan", "92223333", "mary.chan@example.com"],
    ["黃麗珊", "63334444", "laishan.wong@example.com"],
    ["鄧偉明", "54445555", "waiming.tang@example.com"],
    ["Sophie Lam", "95556666", "sophie.lam@example.com"],
    ["曾國強", "66667777", "kwokkeung.tsang@example.com"],
  ],
};

const DEMO_PATIENTS = [
  {
    dateOfBirth: "1984-03-12",
    gender: "male",
    hkid: "123A",
    allergies: "Penicillin",
    notes: "Hypertension, on medication.",
  },
  { dateOfBirth: "1991-07-30", gender: "female", hkid: "456B", allergies: "", notes: "Lower back pain after running." },
  { dateOfBirth: "1975-11-02", gender: "female", hkid: "7890", allergies: "Shellfish", notes: "" },
] as const;

/**
 * Appointments: Demo Shop's salon and Harbour Clinic, each with providers, categories, services with their
 * opening hours and this week's and next week's bookings (past ones completed, one cancelled); some clinic
 * bookings carry patient details.
 */
export function demoAppointmentsSql(now: Date): string {
  const today = hongKongDate(now);
  const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
  const statements: string[] = [];
  for (const demo of [DEMO_SALON, DEMO_CLINIC]) {
    const key = quote(demo.key);
    const row = (table: string, where: string) => storeRow(demo.key, table, where);
    const variant = quote(demo.variant);
    for (const provider of demo.providers) {
      statements.push(`INSERT INTO appointment_provider (application_key, variant, name_zh_hk, name_en)
        SELECT ${key}, ${variant}, ${quote(provider.zh)}, ${quote(provider.en)}
        WHERE NOT EXISTS (SELECT 1 FROM appointment_provider WHERE application_key = ${key} AND name_en = ${quote(provider.en)});`);
    }
    for (const category of demo.categories) {
      statements.push(`INSERT INTO appointment_category (application_key, variant, name_zh_hk, name_en, description)
        SELECT ${key}, ${variant}, ${quote(category.zh)}, ${quote(category.en)}, ${quote(category.description)}
        WHERE NOT EXISTS (SELECT 1 FROM appointment_category WHERE application_key = ${key} AND name_en = ${quote(category.en)});`);
    }
    const serviceId = (index: number) => row("appointment_service", `name_en = ${quote(demo.services[index].en)}`);
    for (const [index, service] of demo.services.entries()) {
      statements.push(`INSERT INTO appointment_service (application_key, variant, category_id, provider_id, name_zh_hk, name_en,
          duration_minutes, price_cents, buffer_after_minutes, capacity, min_notice_hours, booking_window_days, sort_order)
        SELECT ${key}, ${variant}, ${row("appointment_category", `name_en = ${quote(demo.categories[service.category].en)}`)},
          ${row("appointment_provider", `name_en = ${quote(demo.providers[service.provider].en)}`)}, ${quote(service.zh)},
          ${quote(service.en)}, ${service.minutes}, ${service.priceCents}, ${service.bufferAfter}, ${service.capacity ?? 1}, 2, 30, ${index + 1}
        WHERE NOT EXISTS (SELECT 1 FROM appointment_service WHERE application_key = ${key} AND name_en = ${quote(service.en)});`);
      statements.push(`INSERT INTO appointment_schedule (application_key, service_id, schedule_type, start_time, end_time)
        SELECT ${key}, ${serviceId(index)}, hours.column1, hours.column2, hours.column3
        FROM (VALUES ${service.hours.map((hours) => `(${hours.map(quote).join(", ")})`).join(", ")}) AS hours
        WHERE NOT EXISTS (SELECT 1 FROM appointment_schedule WHERE service_id = ${serviceId(index)});`);
    }
    // Closed on next week's Thursday (a public holiday or a day off).
    statements.push(`INSERT INTO appointment_schedule (application_key, service_id, schedule_type, specific_date, closed)
      SELECT ${key}, ${serviceId(0)}, 'specific_date', ${quote(addDays(monday, 10))}, 1
      WHERE NOT EXISTS (SELECT 1 FROM appointment_schedule WHERE service_id = ${serviceId(0)} AND schedule_type = 'specific_date');`);

    const memberCustomer = (index: number) =>
      `(SELECT id, name, coalesce(phone, '') AS phone, email FROM member WHERE application_key = ${key}
        ORDER BY member_number LIMIT 1 OFFSET ${index})`;
    for (const [number, [day, time, serviceIndex, customer]] of demo.bookings.entries()) {
      const service = demo.services[serviceIndex];
      const date = addDays(monday, day);
      const startsAt = hongKongInstant(date, time);
      const endsAt = hongKongInstant(date, time, service.minutes);
      const blockedUntil = hongKongInstant(date, time, service.minutes + service.bufferAfter);
      const past = Date.parse(endsAt) < now.getTime();
      const status = number === 3 ? "cancelled" : past ? "completed" : "success";
      const [name, phone, email] = demo.customers[customer] ?? [];
      const who = name
        ? `SELECT NULL AS id, ${quote(name)} AS name, ${quote(phone)} AS phone, ${quote(email)} AS email`
        : `SELECT * FROM ${memberCustomer(customer)}`;
      statements.push(`INSERT INTO appointment_record (application_key, variant, service_id, provider_id, member_id, customer_name,
          customer_phone, customer_email, starts_at, ends_at, blocked_from, blocked_until, price_cents, status, channel,
          actor_email, cancelled_at, completed_at, created_at)
        SELECT ${key}, ${variant}, service.id, service.provider_id, who.id, who.name, who.phone, who.email,
          ${quote(startsAt)}, ${quote(endsAt)}, ${quote(startsAt)}, ${quote(blockedUntil)}, service.price_cents, ${quote(status)},
          ${number % 3 === 0 ? "'online'" : "'staff'"}, ${number % 3 === 0 ? "NULL" : quote(demo.key === "demo-shop" ? "merchant@example.com" : "clinic@example.com")},
          ${status === "cancelled" ? quote(hongKongInstant(addDays(date, -1), "18:00")) : "NULL"},
          ${status === "completed" ? quote(endsAt) : "NULL"}, ${quote(hongKongInstant(addDays(monday, -3 + (number % 3)), "10:00"))}
        FROM appointment_service AS service, (${who}) AS who
        WHERE service.id = ${serviceId(serviceIndex)}
          AND NOT EXISTS (SELECT 1 FROM appointment_record WHERE service_id = service.id AND starts_at = ${quote(startsAt)});`);
    }
    if (demo.variant === "medical") {
      for (const [index, patient] of DEMO_PATIENTS.entries()) {
        const [day, time, serviceIndex] = demo.bookings[index];
        statements.push(`INSERT OR IGNORE INTO appointment_patient (record_id, application_key, date_of_birth, gender, hkid_last_four,
            allergies, medical_notes)
          SELECT id, ${key}, ${quote(patient.dateOfBirth)}, ${quote(patient.gender)}, ${quote(patient.hkid)},
            ${quote(patient.allergies)}, ${quote(patient.notes)}
          FROM appointment_record WHERE service_id = ${serviceId(serviceIndex)}
            AND starts_at = ${quote(hongKongInstant(addDays(monday, day), time))};`);
      }
    }
    // The bookings the hourly job has reminded by now.
    statements.push(`UPDATE appointment_record SET reminded_at = max(created_at, ${reminderMark(key, "starts_at")})
      WHERE application_key = ${key} AND reminded_at IS NULL AND status <> 'cancelled'
        AND ${reminderMark(key, "starts_at")} <= ${quote(now.toISOString())};`);
  }
  return statements.join("\n");
}

export const appointmentSetupDemoData: ModuleDemoData = { rank: 120, sql: ({ now }) => demoAppointmentsSql(now) };

import { hongKongDate } from "../../contract/dates";
import { quote, addDays, type ModuleDemoData } from "../../scripts/demo-sql";

/** Demo enquiries: [name, phone, subject, message]; the demo e-mail addresses are made from the number. */
const DEMO_ENQUIRIES = [
  ["陳太", "91234501", "送貨到離島嗎？", "你好，請問可以送貨到南丫島嗎？運費多少？"],
  [
    "Jason Leung",
    "68901202",
    "Bulk order for an office party",
    "Could we order 40 bags of the house blend for a party next month?",
  ],
  ["李小姐", null, "禮品包裝", "請問可以加禮品包裝及心意卡嗎？"],
  ["Emily Ho", "96789003", "Opening hours at Christmas", "Are you open on 25 and 26 December?"],
  ["黃生", "53456704", "產品過敏原", "朱古力曲奇是否含有果仁？"],
  ["Karen Tsang", "92345605", "Wholesale price list", "I run a café in Sai Kung. Do you have wholesale prices?"],
  ["張小姐", "94567806", "修改訂單", "我昨天下的訂單想改取貨地址，可以嗎？"],
  ["Alex Ng", null, "Gift cards", "Do you sell gift cards I can e-mail to a friend?"],
  ["劉先生", "65678909", "會員積分", "我的會員現金券好像未有入賬，可以幫忙查看嗎？"],
  ["Winnie Lam", "99012310", "Collaboration", "I write a food blog and would love to feature your shop."],
  ["吳太", "57890111", "退貨安排", "收到的茶葉包裝有破損，想安排換貨。"],
  ["Kelvin Cheng", "60123412", "Payment by FPS", "Can I pay by FPS for a pickup order?"],
] as const;

/** Medical enquiries: [name, phone, date of birth, subject, message, practitioner, time slot]. */
const DEMO_MEDI_ENQUIRIES = [
  ["何先生", "91230001", "1978-03-14", "腰痛物理治療", "久坐後腰痛，想預約物理治療評估。", "陳物理治療師", "morning"],
  [
    "Cathy Chow",
    "62340002",
    "1990-11-02",
    "Knee pain after running",
    "My right knee hurts after 5 km runs.",
    "Dr. Lee",
    "evening",
  ],
  ["梁太", null, "1955-07-21", "長者身體檢查", "想為媽媽預約一般身體檢查，需要空腹嗎？", null, "morning"],
  [
    "Eric Kwok",
    "98760004",
    "1985-01-30",
    "Sports massage",
    "Do you offer sports massage on Saturdays?",
    "Sports massage",
    "afternoon",
  ],
  ["鄧小姐", "51230005", "1996-09-09", "針灸療程", "想了解針灸療程的收費及次數。", "針灸", "afternoon"],
  [
    "Jason Tse",
    "67890006",
    "1982-04-18",
    "Shoulder check-up",
    "Stiff shoulder for two weeks, should I see a doctor first?",
    null,
    null,
  ],
] as const;

/** Harbour Clinic's enquiries, about its doctor, its physiotherapist and their services (as above). */
const DEMO_CLINIC_ENQUIRIES = [
  ["黃太", "91110001", "1962-05-08", "覆診安排", "想預約陳醫生覆診，跟進血壓藥。", "陳志強醫生", "morning"],
  [
    "Peter Wong",
    "62220002",
    "1988-12-19",
    "Flu symptoms",
    "Fever and a sore throat since yesterday. Can I see a doctor today?",
    "Dr Chi Keung Chan",
    "afternoon",
  ],
  [
    "馮小姐",
    "53330003",
    "1994-02-27",
    "頸痛",
    "長期對住電腦，頸膊好痛，想做物理治療。",
    "李嘉怡（物理治療師）",
    "evening",
  ],
  [
    "Sandy Lau",
    null,
    "1979-08-03",
    "Ankle sprain",
    "Twisted my ankle playing badminton last week.",
    "Physiotherapy",
    null,
  ],
  ["周先生", "98880005", "1951-10-30", "驗血報告", "想請醫生解釋上次的驗血報告。", "陳志強醫生", "morning"],
  [
    "Grace Yip",
    "67770006",
    "2001-06-14",
    "Sick leave certificate",
    "I need a medical certificate for two days off work.",
    "GP consultation",
    "morning",
  ],
  ["譚太", "51115507", "1985-04-22", "小朋友發燒", "仔仔今朝開始發燒，醫生有冇兒科診症？", "普通科診症", "afternoon"],
  [
    "Michael Ho",
    "90001208",
    "1970-01-11",
    "Back pain programme",
    "Does the clinic offer a course of physiotherapy sessions for back pain?",
    "Ka Yi Lee (physiotherapist)",
    "evening",
  ],
  ["郭小姐", null, "1998-09-05", "疫苗接種", "想問診所有冇流感疫苗，需要預約嗎？", null, "morning"],
  [
    "Tony Chan",
    "65432110",
    "1966-03-02",
    "Knee replacement rehab",
    "Three months after knee surgery; need rehab.",
    "Physiotherapy",
    null,
  ],
  ["梁婆婆", "23456711", "1940-12-25", "上門服務", "行動不便，請問醫生可否上門診症？", "陳志強醫生", null],
  [
    "Olivia Kwan",
    "97531012",
    "1992-07-07",
    "Shoulder pain",
    "Pain lifting my arm since moving house.",
    null,
    "afternoon",
  ],
] as const;

const ENQUIRY_STATUS_CYCLE = ["new", "in_progress", "replied", "closed"] as const;

/**
 * Enquiries in every state: Demo Shop's general ones (a dozen in each state), its medical ones (its plan
 * has medi_enquiry; three in each state), Harbour Clinic's medical ones (a dozen in each state) and
 * Enquiry Desk's, each with the enquirer's message and, once replied, the store's reply. Skipped when
 * there (found by their demo e-mail address).
 */
export function demoEnquiriesSql(now: Date): string {
  const statements: string[] = [];
  const add = (
    storeKey: string,
    staffEmail: string,
    kind: "general" | "medical",
    count: number,
    enquiry: (n: number) => {
      name: string;
      phone: string | null;
      subject: string;
      message: string;
      dateOfBirth?: string;
      practitioner?: string | null;
      slot?: string | null;
    },
  ) => {
    const key = quote(storeKey);
    for (let n = 1; n <= count; n++) {
      const { name, phone, subject, message, dateOfBirth, practitioner, slot } = enquiry(n);
      const status = ENQUIRY_STATUS_CYCLE[n % ENQUIRY_STATUS_CYCLE.length];
      const email = `${kind === "medical" ? "patient" : "visitor"}-${n}@${storeKey}.example`;
      // Newest first as numbered: every nine hours back from now.
      const createdAt = new Date(now.getTime() - n * 9 * 3_600_000).toISOString();
      const preferredDate = kind === "medical" ? addDays(hongKongDate(now), (n % 10) + 2) : null;
      const assigned = status === "new" ? null : staffEmail;
      const enquiryOf = `(SELECT id FROM enquiry WHERE application_key = ${key} AND kind = ${quote(kind)} AND email = ${quote(email)})`;
      statements.push(`INSERT INTO enquiry (application_key, kind, status, name, email, phone, subject, date_of_birth,
          preferred_date, preferred_time_slot, practitioner, assignee_id, note, created_at)
        SELECT ${key}, ${quote(kind)}, ${quote(status)}, ${quote(name)}, ${quote(email)}, ${quote(phone)}, ${quote(subject)},
          ${quote(dateOfBirth ?? null)}, ${quote(preferredDate)}, ${quote(slot ?? null)}, ${quote(practitioner ?? null)},
          (SELECT id FROM store_staff WHERE application_key = ${key} AND email = ${quote(assigned ?? "")}),
          ${quote(status === "in_progress" ? "已致電，等候客人回覆。" : null)}, ${quote(createdAt)}
        WHERE NOT EXISTS (SELECT 1 FROM enquiry WHERE application_key = ${key} AND kind = ${quote(kind)} AND email = ${quote(email)});`);
      statements.push(`INSERT INTO enquiry_message (application_key, enquiry_id, sender, body, created_at)
        SELECT ${key}, ${enquiryOf}, 'customer', ${quote(message)}, ${quote(createdAt)}
        WHERE NOT EXISTS (SELECT 1 FROM enquiry_message WHERE enquiry_id = ${enquiryOf});`);
      if (status === "replied" || status === "closed") {
        const repliedAt = new Date(Date.parse(createdAt) + 2 * 3_600_000).toISOString();
        statements.push(`INSERT INTO enquiry_message (application_key, enquiry_id, sender, author_email, body, created_at)
          SELECT ${key}, ${enquiryOf}, 'staff', ${quote(staffEmail)}, ${quote("多謝你的查詢，我們已安排同事跟進。Thank you, we will follow up shortly.")}, ${quote(repliedAt)}
          WHERE NOT EXISTS (SELECT 1 FROM enquiry_message WHERE enquiry_id = ${enquiryOf} AND sender = 'staff');`);
      }
    }
  };
  const general = (n: number) => {
    const [name, phone, subject, message] = DEMO_ENQUIRIES[(n - 1) % DEMO_ENQUIRIES.length];
    return { name, phone, subject, message };
  };
  add("demo-shop", "admin@example.com", "general", 12 * ENQUIRY_STATUS_CYCLE.length, general);
  const medical = (enquiries: typeof DEMO_MEDI_ENQUIRIES | typeof DEMO_CLINIC_ENQUIRIES) => (n: number) => {
    const [name, phone, dateOfBirth, subject, message, practitioner, slot] = enquiries[(n - 1) % enquiries.length];
    return { name, phone, dateOfBirth, subject, message, practitioner, slot };
  };
  add("demo-shop", "admin@example.com", "medical", 3 * ENQUIRY_STATUS_CYCLE.length, medical(DEMO_MEDI_ENQUIRIES));
  // Harbour Clinic and Enquiry Desk have no staff: their enquiries are unassigned, their replies the merchant's.
  add("demo-clinic", "clinic@example.com", "medical", 12 * ENQUIRY_STATUS_CYCLE.length, medical(DEMO_CLINIC_ENQUIRIES));
  add("enquiry-desk", "enquiry@example.com", "general", 3 * ENQUIRY_STATUS_CYCLE.length, general);
  return statements.join("\n");
}

export const enquiryDemoData: ModuleDemoData = { rank: 80, sql: ({ now }) => demoEnquiriesSql(now) };

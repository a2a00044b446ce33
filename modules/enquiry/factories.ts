import type { Db } from "../../backend/db/client";
import { enquiries, enquiryMessages } from "../../backend/db/schema";
import { unique } from "../../tests/helpers/factories";

/** An enquiry (general unless said) with the enquirer's first message. */
export async function createEnquiry(
  db: Db,
  applicationKey: string,
  overrides: Partial<typeof enquiries.$inferInsert> = {},
  message = "Do you deliver to Lamma Island?",
) {
  const [row] = await db
    .insert(enquiries)
    .values({
      applicationKey,
      kind: "general",
      name: `Enquirer ${unique()}`,
      email: `enquirer-${unique()}@factory.test`,
      phone: "91234567",
      subject: "Delivery",
      ...overrides,
    })
    .returning();
  await db.insert(enquiryMessages).values({ applicationKey, enquiryId: row.id, sender: "customer", body: message });
  return row;
}

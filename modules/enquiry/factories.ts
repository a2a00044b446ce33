import type { Db } from "../../backend/db/client";
import { enquiries, enquiryMessages } from "../../backend/db/schema";
import { unique } from "../../tests/helpers/factories";
import type { EnquiryExampleRecords } from "./contract";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";

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

export async function enquiryExampleRecords(
  db: Db,
  { application_key }: SharedExampleRecords,
): Promise<EnquiryExampleRecords> {
  const [enquiry, closed, medical, closedMedical] = await Promise.all([
    createEnquiry(db, application_key),
    createEnquiry(db, application_key, { status: "closed" }),
    createEnquiry(db, application_key, { kind: "medical", dateOfBirth: "1980-01-01" }),
    createEnquiry(db, application_key, { kind: "medical", status: "closed" }),
  ]);
  return {
    enquiry_id: enquiry.id,
    closed_enquiry_id: closed.id,
    medi_enquiry_id: medical.id,
    closed_medi_enquiry_id: closedMedical.id,
  };
}

/** How the logs show the quotation module's changes: each logged field's label (its form's) and how its value reads. */
import { count, money, text, type LogLabels } from "~/server/log-labels";

export const quotationLogLabels = {
  quotation_data: {
    company_name: text("quotation:field.company-name"),
    contact_name: text("quotation:field.contact-name"),
    email: text("quotation:field.email"),
    phone: text("quotation:field.phone"),
    address: text("quotation:field.address"),
    discount_cents: money("quotation:field.discount"),
    delivery_cents: money("quotation:field.delivery"),
    total_cents: money("quotation:field.total"),
    valid_until: text("quotation:field.valid-until"),
    terms: text("quotation:field.terms"),
    note: text("quotation:field.note"),
    status: { label: "quotation:field.status", kind: "quotation:status" },
    revision: count("quotation:field.revision"),
    lines: text("quotation:field.lines"),
    sent_at: text("quotation:field.sent-at"),
  },
} satisfies LogLabels;

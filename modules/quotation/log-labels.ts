/** How the logs show the quotation module's changes: each logged field's label (its form's) and how its value reads. */
import { count, money, text, type LogLabels } from "~/server/log-labels";

export const quotationLogLabels = {
  quotation_data: {
    company_name: text("quotations:field.company-name"),
    contact_name: text("quotations:field.contact-name"),
    email: text("quotations:field.email"),
    phone: text("quotations:field.phone"),
    address: text("quotations:field.address"),
    discount_cents: money("quotations:field.discount"),
    delivery_cents: money("quotations:field.delivery"),
    total_cents: money("quotations:field.total"),
    valid_until: text("quotations:field.valid-until"),
    terms: text("quotations:field.terms"),
    note: text("quotations:field.note"),
    status: { label: "quotations:field.status", kind: "quotations:status" },
    revision: count("quotations:field.revision"),
    lines: text("quotations:field.lines"),
    sent_at: text("quotations:field.sent-at"),
  },
} satisfies LogLabels;

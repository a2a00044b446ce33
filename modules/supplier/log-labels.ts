/** How the logs show the supplier module's changes: each logged field's label (its form's) and how its value reads. */
import { text, type LogLabels } from "~/server/log-labels";

export const supplierLogLabels = {
  supplier_data: {
    name: text("supplier:field.name"),
    contact_person: text("supplier:field.contact-person"),
    phone: text("supplier:field.phone"),
    email: text("supplier:field.email"),
    address: text("supplier:field.address"),
    note: text("supplier:field.note"),
    products: text("supplier:field.products"),
  },
} satisfies LogLabels;

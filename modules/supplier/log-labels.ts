/** How the logs show the supplier module's changes: each logged field's label (its form's) and how its value reads. */
import { text, type LogLabels } from "~/server/log-labels";

export const supplierLogLabels = {
  supplier_data: {
    name: text("suppliers:field.name"),
    contact_person: text("suppliers:field.contact-person"),
    phone: text("suppliers:field.phone"),
    email: text("suppliers:field.email"),
    address: text("suppliers:field.address"),
    note: text("suppliers:field.note"),
    products: text("suppliers:field.products"),
  },
} satisfies LogLabels;

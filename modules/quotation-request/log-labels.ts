/** How the logs show the quotation-request module's changes: each logged field's label (its form's) and how its value reads. */
import { count, type LogLabels } from "~/server/log-labels";

export const quotationRequestLogLabels = {
  quotation_request_data: {
    status: { label: "quotation-request:field.status", kind: "quotation-request:status" },
    quotation_number: count("quotation-request:field.quotation-number"),
  },
} satisfies LogLabels;

/** How the logs show the quotation-request module's changes: each logged field's label (its form's) and how its value reads. */
import { count, type LogLabels } from "~/server/log-labels";

export const quotationRequestLogLabels = {
  quotation_request_data: {
    status: { label: "quotation-requests:field.status", kind: "quotation-requests:status" },
    quotation_number: count("quotation-requests:field.quotation-number"),
  },
} satisfies LogLabels;

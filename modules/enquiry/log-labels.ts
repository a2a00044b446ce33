/** How the logs show the enquiry module's changes: each logged field's label (its form's) and how its value reads. */
import { flag, text, type Fields, type LogLabels } from "~/server/log-labels";

/** An enquiry's log keeps only its handling, never what the enquirer wrote. */
const ENQUIRY_FIELDS: Fields<"status" | "assignee" | "note_changed" | "replied"> = {
  status: { label: "enquiry:field.status", kind: "enquiry:status" },
  assignee: text("enquiry:field.assignee"),
  note_changed: flag("enquiry:field.note-changed"),
  replied: flag("enquiry:field.replied"),
};

export const enquiryLogLabels = {
  enquiry_data: ENQUIRY_FIELDS,
  medi_enquiry_data: ENQUIRY_FIELDS,
} satisfies LogLabels;

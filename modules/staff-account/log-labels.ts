/** How the logs show the staff-account module's changes: each logged field's label (its form's) and how its value reads. */
import { MODULE_IDS } from "#contract/modules";
import { flag, text, type Field, type LogLabels } from "~/server/log-labels";

export const staffAccountLogLabels = {
  store_staff_data: {
    name: text("staff-accounts:field.name"),
    email: text("staff-accounts:field.email"),
    role: { label: "staff-accounts:field.role", kind: "staff-accounts:role" },
    disabled: flag("staff-accounts:field.disabled"),
    password: text("staff-accounts:field.password"),
    // Each module's level is logged as its own field, so the log shows only the levels that changed.
    ...Object.fromEntries(
      MODULE_IDS.map((module) => [
        `permission.${module}`,
        { label: `common:module.${module}`, kind: "staff-accounts:permission" } satisfies Field,
      ]),
    ),
  },
} satisfies LogLabels;

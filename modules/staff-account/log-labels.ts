/** How the logs show the staff-account module's changes: each logged field's label (its form's) and how its value reads. */
import { MODULE_IDS } from "#contract/modules";
import { flag, text, type Field, type LogLabels } from "~/server/log-labels";

export const staffAccountLogLabels = {
  store_staff_data: {
    name: text("staff-account:field.name"),
    email: text("staff-account:field.email"),
    role: { label: "staff-account:field.role", kind: "staff-account:role" },
    sells_offline: flag("staff-account:field.sells-offline"),
    location_access: { label: "staff-account:field.location-access", kind: "staff-account:location-access" },
    locations: text("staff-account:field.locations"),
    disabled: flag("staff-account:field.disabled"),
    password: text("staff-account:field.password"),
    // Each module's level is logged as its own field, so the log shows only the levels that changed.
    ...Object.fromEntries(
      MODULE_IDS.map((module) => [
        `permission.${module}`,
        { label: `common:module.${module}`, kind: "staff-account:permission" } satisfies Field,
      ]),
    ),
  },
} satisfies LogLabels;

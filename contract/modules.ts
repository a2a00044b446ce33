/** Module ids switched on per store by the plan's module_list and the account's cms_side_menu. */
export const MODULE_IDS = [
  "pos",
  "layout",
  "member",
  "product",
  "product_inventory",
  "add_on_product",
  "category",
  "yoga_course",
  "credit_package",
  "order",
  "appointment",
  "medi_appointment",
  "monthly_fee",
  "promotion",
  "setting",
  "enquiry",
  "medi_enquiry",
  "staff_account",
  "supplier",
  "purchase_order",
  "renting",
  "staff_log",
  "push_notification",
  "quotation",
  "product_booking",
  "holiday_closure",
  "gift_card",
  "location",
  "stock_transfer",
] as const;

export type ModuleId = (typeof MODULE_IDS)[number];

export function isModuleId(value: string): value is ModuleId {
  return (MODULE_IDS as readonly string[]).includes(value);
}

/** A module is usable only when both the plan and the account's side menu switch it on. */
export function enabledModules(moduleList: readonly string[], cmsSideMenu: readonly string[]): Set<ModuleId> {
  const menu = new Set(cmsSideMenu);
  return new Set(moduleList.filter(isModuleId).filter((id) => menu.has(id)));
}

/** The modules grouped as the drawer groups them, for choosing them in forms. */
export const MODULE_GROUPS: Record<"sales" | "catalog" | "services" | "store", readonly ModuleId[]> = {
  sales: [
    "pos",
    "order",
    "member",
    "promotion",
    "enquiry",
    "medi_enquiry",
    "quotation",
    "product_booking",
    "gift_card",
  ],
  catalog: ["product", "product_inventory", "location", "stock_transfer", "add_on_product", "category", "renting"],
  services: ["yoga_course", "credit_package", "appointment", "medi_appointment", "monthly_fee", "holiday_closure"],
  store: ["layout", "setting", "staff_account", "staff_log", "supplier", "purchase_order", "push_notification"],
};

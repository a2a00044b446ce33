import type { ModuleId } from "#contract/modules";
import type { KeysUnder } from "./i18n";
import type { StoreSnapshot } from "~/server/session.server";

export interface MenuItem {
  /** Translation key under common:menu. */
  label: KeysUnder<"common", "menu">;
  url: string;
  module?: ModuleId;
  /** A top-level entry's picture. */
  icon?: MenuIcon;
  /** Nested items (a group); the group shows when any of them does. */
  items?: MenuItem[];
}

/** The picture a top-level entry shows, alone in the collapsed (mini) drawer; named, as menus travel as data. */
export type MenuIcon =
  | "home"
  | "point-of-sale"
  | "order"
  | "product"
  | "person"
  | "discount"
  | "calendar"
  | "calendar-time"
  | "sports"
  | "cash"
  | "package"
  | "clipboard"
  | "receipt"
  | "chat"
  | "inventory"
  | "layout"
  | "notification"
  | "team"
  | "list"
  | "store"
  | "settings";

/**
 * The merchant menu (spec §2 "Menu areas"), each item behind the module that switches it on, in the order of
 * a merchant's day: selling first, then the catalogue and customers, bookings, the back room, settings last.
 */
const STORE_MENU: MenuItem[] = [
  { label: "overview", url: "/my-store", icon: "home" },
  {
    label: "pos",
    url: "/product/pos",
    module: "pos",
    icon: "point-of-sale",
    items: [
      { label: "pos-counter", url: "/product/pos", module: "pos" },
      { label: "pos-shifts", url: "/product/pos/shift/list", module: "pos" },
    ],
  },
  { label: "orders", url: "/order/order-list", module: "order", icon: "order" },
  {
    label: "products",
    url: "/product/product-list",
    icon: "product",
    items: [
      { label: "all-products", url: "/product/product-list", module: "product" },
      { label: "inventory", url: "/product/product-inventory-list", module: "product_inventory" },
      { label: "locations", url: "/location-list", module: "location" },
      { label: "stock-transfers", url: "/stock-transfer-list", module: "stock_transfer" },
      { label: "categories", url: "/product/category", module: "category" },
      { label: "add-on-products", url: "/product/add-on-product-list", module: "add_on_product" },
    ],
  },
  { label: "members", url: "/member/member-list", module: "member", icon: "person" },
  { label: "promotion", url: "/promotion/promotion-list", module: "promotion", icon: "discount" },
  { label: "gift-cards", url: "/gift-card-list", module: "gift_card", icon: "cash" },
  {
    label: "quotations",
    url: "/quotation-list",
    module: "quotation",
    icon: "receipt",
    items: [
      { label: "quotation-list", url: "/quotation-list", module: "quotation" },
      { label: "quotation-management", url: "/quotation-management", module: "quotation" },
    ],
  },
  { label: "enquiries", url: "/enquiry-list", module: "enquiry", icon: "chat" },
  { label: "medi-enquiries", url: "/medi-enquiry-list", module: "medi_enquiry", icon: "chat" },
  {
    label: "appointments",
    url: "/appointment-record-list",
    module: "appointment",
    icon: "calendar",
    items: [
      { label: "appointment-records", url: "/appointment-record-list", module: "appointment" },
      { label: "appointment-services", url: "/appointment-list", module: "appointment" },
      { label: "appointment-categories", url: "/appointment/category", module: "appointment" },
    ],
  },
  {
    label: "medi-appointments",
    url: "/medi-appointment-record-list",
    module: "medi_appointment",
    icon: "calendar",
    items: [
      { label: "appointment-records", url: "/medi-appointment-record-list", module: "medi_appointment" },
      { label: "appointment-services", url: "/medi-appointment-list", module: "medi_appointment" },
      { label: "appointment-categories", url: "/medi-appointment/category", module: "medi_appointment" },
    ],
  },
  {
    // Spec §6: the course group needs credit_package; its yoga course item needs yoga_course.
    label: "courses",
    url: "/yoga/yoga-credit-order",
    module: "credit_package",
    icon: "sports",
    items: [
      { label: "credit-orders", url: "/yoga/yoga-credit-order", module: "credit_package" },
      { label: "credit-settings", url: "/yoga/yoga-credit", module: "credit_package" },
      { label: "yoga-courses", url: "/yoga/yoga-course/timetable", module: "yoga_course" },
    ],
  },
  { label: "product-booking", url: "/product-booking/list", module: "product_booking", icon: "calendar-time" },
  {
    label: "monthly-fees",
    url: "/monthly-fee-record",
    module: "monthly_fee",
    icon: "cash",
    items: [
      { label: "monthly-fee-records", url: "/monthly-fee-record", module: "monthly_fee" },
      { label: "monthly-fee-plans", url: "/monthly-fee-record/plan", module: "monthly_fee" },
    ],
  },
  {
    label: "renting",
    url: "/renting-record",
    module: "renting",
    icon: "package",
    items: [
      { label: "renting-records", url: "/renting-record", module: "renting" },
      { label: "renting-products", url: "/renting-product-list", module: "renting" },
    ],
  },
  {
    label: "purchasing",
    url: "/supplier-list",
    icon: "inventory",
    items: [
      { label: "suppliers", url: "/supplier-list", module: "supplier" },
      { label: "purchase-orders", url: "/purchase-order-list", module: "purchase_order" },
    ],
  },
  {
    label: "layout",
    url: "/layout/home-design",
    module: "layout",
    icon: "layout",
    items: [
      { label: "home-banner", url: "/layout/home-design", module: "layout" },
      { label: "menu-management", url: "/layout/menu-management", module: "layout" },
      { label: "custom-page", url: "/layout/custom-page", module: "layout" },
    ],
  },
  { label: "push-notifications", url: "/push-notification-list", module: "push_notification", icon: "notification" },
  {
    label: "staff",
    url: "/staff-account-list",
    icon: "team",
    items: [
      { label: "staff-accounts", url: "/staff-account-list", module: "staff_account" },
      { label: "staff-log", url: "/staff-log", module: "staff_log" },
    ],
  },
  { label: "holiday-closures", url: "/holiday-closure-list", module: "holiday_closure", icon: "calendar" },
  {
    label: "other-settings",
    url: "/setting/general-setting",
    module: "setting",
    icon: "settings",
    items: [
      { label: "general-setting", url: "/setting/general-setting", module: "setting" },
      { label: "payment-setting", url: "/setting/payment-setting", module: "setting" },
      { label: "promotion-setting", url: "/setting/promotion-setting", module: "setting" },
      { label: "delivery-setting", url: "/setting/delivery-setting", module: "setting" },
      { label: "website-key", url: "/setting/website-key", module: "setting" },
    ],
  },
];

/** The provider staff's menu. */
export const CONSOLE_MENU: MenuItem[] = [
  { label: "all-merchants", url: "/staff-store-list", icon: "store" },
  { label: "expiring-merchants", url: "/staff-store-list?filter=expiring", icon: "clipboard" },
  { label: "orders", url: "/plan-order-list", icon: "order" },
  { label: "promotion", url: "/plan-promotion-list", icon: "discount" },
  { label: "plans", url: "/plan-list", icon: "package" },
  { label: "worker-accounts", url: "/worker-account-list", icon: "team" },
  { label: "log", url: "/log", icon: "list" },
];

export interface MenuFilter {
  /** Whether the viewer may read a module (store staff see only what their permission setting allows). */
  canRead: (module: ModuleId) => boolean;
  /** Whether the app has the page (a module that is not built yet has no entry). */
  hasPage: (pathname: string) => boolean;
}

function filterMenu(
  items: MenuItem[],
  isOn: (module: ModuleId) => boolean,
  hasPage: MenuFilter["hasPage"],
): MenuItem[] {
  return items.flatMap((item) => {
    if (item.module && !isOn(item.module)) return [];
    if (!item.items) return hasPage(new URL(item.url, "http://menu.local").pathname) ? [item] : [];
    const children = filterMenu(item.items, isOn, hasPage);
    return children.length > 0 ? [{ ...item, url: children[0].url, items: children }] : [];
  });
}

/**
 * The merchant menu for a store: modules its plan and menu switch on, that the viewer may read and
 * that have pages; enquiry-only stores see enquiries alone.
 */
export function storeMenu(store: Pick<StoreSnapshot, "modules" | "enquiryOnly">, { canRead, hasPage }: MenuFilter) {
  const modules = new Set(store.modules);
  const items = store.enquiryOnly ? STORE_MENU.filter((item) => item.module === "enquiry") : STORE_MENU;
  return filterMenu(items, (module) => modules.has(module) && canRead(module), hasPage);
}

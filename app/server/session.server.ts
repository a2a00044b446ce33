import { createCookieSessionStorage, type Session } from "@remix-run/cloudflare";
import type { AccountType, PermissionLevel, StaffRole } from "#contract/actions";
import type { ModuleId } from "#contract/modules";
import { isSecureRequest } from "./cookies.server";

/** What the shell needs to know about a store, cached in the cookie between session checks. */
export interface StoreSnapshot {
  applicationKey: string;
  storeName: string;
  subDomain: string | null;
  enquiryOnly: boolean;
  disabled: boolean;
  /** Modules switched on by both the plan's module_list and the account's cms_side_menu. */
  modules: ModuleId[];
  website: { disabled: boolean; logoUrl: string | null; hasCustomDomain: boolean } | null;
  plan: {
    type: "trial" | "paid";
    expiryDate: string;
    name_zh_hk: string;
    name_en: string;
    hasVip: boolean;
    hasCashDollar: boolean;
  } | null;
  setup: { language: boolean; currency: boolean; payment: boolean; delivery: boolean; product: boolean };
  /** Set for store staff accounts only. */
  staff: {
    name: string;
    role: StaffRole;
    permissions: Partial<Record<ModuleId, PermissionLevel>>;
    /** May sell at the POS while offline (the merchant's setting for the account). */
    sellsOffline: boolean;
    /** The locations the account may use (ids); null or absent (a cookie from before): every location. */
    locations?: number[] | null;
  } | null;
}

export interface SignedIn {
  token: string;
  accountType: AccountType;
  accountId: number;
  name: string;
  /** When the cached data below was last checked with the backend (ms since epoch). */
  checkedAt: number;
  /** The store being managed: the user's own, or the one a staff member entered. */
  store: StoreSnapshot | null;
}

export type ToastTone = "success" | "error" | "warning" | "info";
export interface Toast {
  tone: ToastTone;
  /** A translation key ("namespace:key"). */
  message: string;
  /** What the message counts or names, e.g. { count: 3 }. */
  values?: Record<string, string | number>;
}

interface SessionData {
  user: SignedIn;
  /** A sign-in between its password and its second step (no user yet): the backend's challenge. */
  twoStep: { challenge: string; kind: "code" | "enrol" };
}
interface FlashData {
  toasts: Toast[];
  /** Two-step sign-in's new recovery codes, shown once by /two-step. */
  recoveryCodes: string[];
  /** A store website's new key, shown once by /setting/website-key (to that store's page only). */
  websiteKey: { applicationKey: string; key: string };
  /** A gift card's code just issued or reissued, shown once by its card's page (to that store's card only). */
  newGiftCard: { applicationKey: string; id: number; code: string };
}

export type AppSession = Session<SessionData, FlashData>;

/**
 * `__Host-session` over HTTPS; a plain name on http://localhost where __Host- cookies cannot be set.
 * A cookie that cannot be read (a bad signature's base64, a tampered value) is no session, not an error.
 */
export function createSessionStorage(request: Request, secrets: string[]) {
  const secure = isSecureRequest(request);
  const storage = createCookieSessionStorage<SessionData, FlashData>({
    cookie: {
      name: secure ? "__Host-session" : "session",
      httpOnly: true,
      secure,
      sameSite: "lax",
      path: "/",
      maxAge: 7 * 24 * 60 * 60,
      secrets,
    },
  });
  return {
    ...storage,
    getSession: (...args: Parameters<typeof storage.getSession>) =>
      storage.getSession(...args).catch(() => storage.getSession()),
  };
}

export type SessionStorage = ReturnType<typeof createSessionStorage>;

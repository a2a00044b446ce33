import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { LoginData, StoreAccountData, TwoStepChallengeData } from "#contract/actions";
import { parseMessage } from "#contract/messages";
import { enabledModules } from "#contract/modules";
import { accessStamp } from "#contract/permissions";
import { ActionFailure, type ActionClient } from "./action-client.server";
import { httpError } from "./errors.server";
import type { AppSession, SignedIn, StoreSnapshot, Toast } from "./session.server";

/** Spec §9: cached account, website, plan and staff data are re-checked every 5 minutes. */
export const SESSION_CHECK_INTERVAL_MS = 300_000;

type Context = AppLoadContext;

export async function getSession(request: Request, context: Context): Promise<AppSession> {
  return context.sessionStorage.getSession(request.headers.get("Cookie"));
}

export async function commit(session: AppSession, context: Context) {
  return { "Set-Cookie": await context.sessionStorage.commitSession(session) };
}

/** A redirect with a toast; `recheck` makes the next request re-read the cached store data (e.g. after the first product). */
export async function redirectWithToast(
  url: string,
  toast: Toast,
  request: Request,
  context: Context,
  options: { recheck?: boolean } = {},
) {
  const session = await getSession(request, context);
  session.flash("toasts", [toast]);
  const user = session.get("user");
  if (options.recheck && user) session.set("user", { ...user, checkedAt: 0 });
  return redirect(url, { headers: await commit(session, context) });
}

/** The error toast of a backend refusal: a value it names ("…:M99999") goes into the sentence. */
export function refusalToast(messageKey: string): Toast {
  const { key, value } = parseMessage(messageKey);
  return { tone: "error", message: `message:${key}`, ...(value !== undefined && { values: { value } }) };
}

/** remix-auth's form strategy, signing in through the backend's `login` action. */
export function createAuthenticator(client: ActionClient) {
  const authenticator = new Authenticator<LoginData | TwoStepChallengeData>();
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const { data } = await client.login({ email: String(form.get("email")), password: String(form.get("password")) });
      return data;
    }),
    "form",
  );
  return authenticator;
}

function toSnapshot(account: StoreAccountData): StoreSnapshot {
  const plan = account.latest_plan;
  return {
    applicationKey: account.application_key,
    storeName: account.store_name,
    subDomain: account.sub_domain,
    enquiryOnly: account.enquiry_only,
    disabled: account.disabled,
    modules: [...enabledModules(plan?.plan_data.module_list ?? [], account.cms_side_menu)],
    website: account.website_data && {
      disabled: account.website_data.disabled,
      logoUrl: account.website_data.logo_img_url,
      hasCustomDomain: Boolean(account.website_data.custom_domain),
    },
    plan: plan && {
      type: plan.plan_type,
      expiryDate: plan.expiry_date,
      name_zh_hk: plan.plan_name_zh_hk,
      name_en: plan.plan_name_en,
      hasVip: plan.plan_data.has_vip,
      hasCashDollar: plan.plan_data.has_cash_dollar,
    },
    setup: {
      language: account.accept_language.length > 0,
      currency: account.accept_currency.length > 0,
      payment: account.payment_method_list.length > 0,
      delivery: account.delivery_method_list.length > 0,
      product: account.has_product,
    },
    staff: account.store_staff_data && {
      name: account.store_staff_data.name,
      role: account.store_staff_data.role,
      permissions: account.store_staff_data.permissions,
      sellsOffline: account.store_staff_data.sells_offline,
      locations: account.store_staff_data.locations,
    },
  };
}

/** Re-reads who is signed in and the store they manage; rejects (ActionFailure) when any check fails. */
export async function checkUser(
  client: ActionClient,
  user: Pick<SignedIn, "token" | "accountType" | "accountId">,
  applicationKey: string | null,
  now: number,
): Promise<SignedIn> {
  const [staff, store] = await Promise.all([
    user.accountType === "console"
      ? client.get_single_data_by_data_type_and_id({ data_type: "internal_account_data", id: user.accountId })
      : null,
    applicationKey ? client.get_store_account_data_by_application_key({ application_key: applicationKey }) : null,
  ]);
  const snapshot = store ? toSnapshot(store.data) : null;
  if (snapshot && !snapshot.website) throw new ActionFailure(404, "store-account-not-found-or-disabled");
  const name = staff ? String(staff.data.name) : (snapshot?.staff?.name ?? snapshot?.storeName ?? "");
  return { ...user, name, checkedAt: now, store: snapshot };
}

/**
 * A fresh session for a completed sign-in (nothing from before it carries over), then home, or to
 * /two-step to show new recovery codes once.
 */
export async function startSession(context: Context, login: LoginData, recoveryCodes?: string[]) {
  const user = await checkUser(
    context.actions(login.token),
    { token: login.token, accountType: login.account_type, accountId: login.account_id },
    login.application_key ?? null,
    context.now(),
  );
  const session = await context.sessionStorage.getSession();
  session.set("user", user);
  if (recoveryCodes) session.flash("recoveryCodes", recoveryCodes);
  return redirect(recoveryCodes ? "/two-step" : homeFor(user), { headers: await commit(session, context) });
}

/** Where a signed-in user starts: staff at the store list, store users at their overview. */
export function homeFor(user: SignedIn): string {
  if (user.accountType === "console") return "/staff-store-list";
  return user.store?.enquiryOnly ? "/enquiry-list" : "/my-store";
}

const LOGIN_EXPIRED: Toast = { tone: "error", message: "common:instruction.login-expired" };

export async function signOut(request: Request, context: Context, toast?: Toast): Promise<never> {
  const session = await getSession(request, context);
  const fresh = await context.sessionStorage.getSession();
  if (toast) fresh.flash("toasts", [toast]);
  const headers = new Headers();
  headers.append("Set-Cookie", await context.sessionStorage.destroySession(session));
  headers.set("Set-Cookie", await context.sessionStorage.commitSession(fresh));
  throw redirect("/login", { headers });
}

/** The signed-in user, read once per request (a page's loaders all ask). */
function requireUser(request: Request, context: Context): Promise<SignedIn> {
  return (context.sessionCheck.user ??= readUser(request, context));
}

/**
 * The signed-in user, re-checked with the backend when the cached data is older than 5 minutes,
 * inside this request: the reply carries the renewed cookie. A failed check shows
 * instruction.login-expired and signs out.
 */
async function readUser(request: Request, context: Context): Promise<SignedIn> {
  const session = await getSession(request, context);
  const user = session.get("user");
  if (!user) throw redirect("/login");
  context.sessionCheck.relyOn(user.token);
  if (context.now() - user.checkedAt < SESSION_CHECK_INTERVAL_MS) return user;

  const client = context.actions(user.token);
  const checked = await checkUser(client, user, user.store?.applicationKey ?? null, context.now()).catch(() => null);
  if (!checked) return signOut(request, context, LOGIN_EXPIRED);
  session.set("user", checked);
  context.sessionCheck.renewedCookie = (await commit(session, context))["Set-Cookie"];
  return checked;
}

/**
 * After a page's loaders, before it renders: when the page relied on a session that no backend call
 * confirmed (its loaders made none), one `check_session` does; a revoked session (logout, a disabled
 * account) signs out here, so a copied cookie opens nothing. The Worker asks too, after Remix, for what passes
 * no entry hook (resource routes).
 */
export async function revokedSessionRedirect(request: Request, context: Context): Promise<Response | null> {
  const token = context.sessionCheck.unconfirmedToken;
  if (!token) return null;
  context.sessionCheck.settle();
  const revoked = await context
    .actions(token)
    .check_session({})
    .then(
      () => false,
      (failure: ActionFailure) => failure.status === 401,
    );
  if (!revoked) return null;
  return signOut(request, context, LOGIN_EXPIRED).catch((response: Response) => response);
}

/** The page's own URL for a request of it, including the data requests of client-side navigations (`/path.data`). */
function pageUrl(request: Request): string {
  const url = new URL(request.url);
  url.pathname = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  url.searchParams.delete("_routes");
  return `${url.pathname}${url.search}`;
}

/**
 * After a page's loaders: when the backend answered a store staff account with other permissions than
 * the cookie cached (the merchant changed them), the page is loaded again with the cookie's data
 * re-checked first, so its menu and buttons follow the change at once rather than within 5 minutes.
 */
export async function changedAccessRedirect(request: Request, context: Context): Promise<Response | null> {
  const { accessStamp: answered, user: reading } = context.sessionCheck;
  if (!answered || !reading || request.method !== "GET") return null;
  const user = await reading.catch(() => null);
  const staff = user?.store?.staff;
  if (!user || !staff || accessStamp(staff.role, staff.permissions, staff.sellsOffline, staff.locations) === answered)
    return null;
  const session = await getSession(request, context);
  session.set("user", { ...user, checkedAt: 0 });
  return redirect(pageUrl(request), { headers: await commit(session, context) });
}

/** The signed-in user's client: a session the backend no longer accepts (401) signs the user out. */
function clientFor(request: Request, context: Context, user: SignedIn) {
  return context.actions(user.token, async (failure) => {
    if (failure.status === 401) await signOut(request, context, LOGIN_EXPIRED);
  });
}

/** Pages of every kind of account (their own two-step sign-in): anyone signed in. */
export async function requireSignedIn(request: Request, context: Context) {
  const user = await requireUser(request, context);
  return { user, client: clientFor(request, context, user) };
}

/** Console pages (spec §5): provider staff only; store users go home and others to /login. */
export async function requireConsole(request: Request, context: Context) {
  const user = await requireUser(request, context);
  if (user.accountType !== "console") throw redirect(homeFor(user));
  return { user, client: clientFor(request, context, user) };
}

/**
 * Store pages (spec §5): a store account with website data, else provider staff go to
 * /staff-store-list and others to /login. Enquiry-only stores see only /enquiry-list (and its pages). Each page
 * then asks for its module permission with `requireCan`.
 */
export async function requireStore(request: Request, context: Context) {
  const user = await requireUser(request, context);
  const store = user.store;
  if (!store?.website) throw redirect(user.accountType === "console" ? "/staff-store-list" : "/login");
  if (store.enquiryOnly && !/^\/enquiry-list(\/|$)/.test(new URL(request.url).pathname)) {
    throw redirect("/enquiry-list");
  }
  return { user, store, client: clientFor(request, context, user) };
}

/** The store account's own pages (my account): its staff and provider staff inside the store get 403. */
export async function requireStoreAccount(request: Request, context: Context) {
  const signedIn = await requireStore(request, context);
  if (signedIn.user.accountType !== "store") throw httpError(403, "forbidden");
  return signedIn;
}

/** Login pages: signed-in users go home (staff may still open a reset link). */
export async function redirectSignedIn(request: Request, context: Context, options: { allowStaff?: boolean } = {}) {
  const user = (await getSession(request, context)).get("user");
  if (!user) return;
  if (options.allowStaff && user.accountType === "console") return;
  throw redirect(homeFor(user));
}

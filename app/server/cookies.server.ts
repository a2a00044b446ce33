import { createCookie } from "@remix-run/cloudflare";

const PREFERENCE_MAX_AGE = 120 * 24 * 60 * 60;

/** Secure everywhere but plain-http localhost, where browsers would drop a Secure cookie from http. */
export function isSecureRequest(request: Request) {
  return new URL(request.url).protocol === "https:";
}

function preferenceCookie(name: string, request?: Request) {
  return createCookie(name, {
    path: "/",
    maxAge: PREFERENCE_MAX_AGE,
    sameSite: "strict",
    secure: request ? isSecureRequest(request) : false,
  });
}

/** Language and theme preferences, as the spec names them (path /, 120 days, SameSite strict, Secure). */
export const userLangCookie = (request?: Request) => preferenceCookie("userLang", request);
export const themeDarkCookie = (request?: Request) => preferenceCookie("themeDark", request);
export const miniDrawerCookie = (request?: Request) => preferenceCookie("miniDrawer", request);

/**
 * The location a POS counter works at, remembered by this browser (a device stays at its shop) for a year. Its
 * path is the POS's parent: the page's data requests are `/product/pos.data`, outside a `/product/pos` path.
 */
export const posLocationCookie = (request: Request) =>
  createCookie("posLocation", {
    path: "/product",
    maxAge: 365 * 24 * 60 * 60,
    sameSite: "lax",
    httpOnly: true,
    secure: isSecureRequest(request),
  });

/** The POS location this browser remembers, when it names one. */
export async function rememberedPosLocation(request: Request) {
  const value: unknown = await posLocationCookie(request).parse(request.headers.get("Cookie"));
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

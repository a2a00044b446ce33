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

import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { miniDrawerCookie, themeDarkCookie, userLangCookie } from "~/server/cookies.server";
import { httpError } from "~/server/errors.server";
import { isLocale } from "~/i18n";
import { safeRedirectPath } from "~/utils/redirect";

export const loader = () => redirect("/");

/** Language, theme and drawer preferences: each a cookie, then back to the page (a full reload). */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const cookieHeader = request.headers.get("Cookie");
  const back = safeRedirectPath(form.get("redirectTo"));
  const toggle = async (cookie: ReturnType<typeof themeDarkCookie>) =>
    cookie.serialize((await cookie.parse(cookieHeader)) === "1" ? "0" : "1");

  switch (form.get("intent")) {
    case "language": {
      const lng = form.get("lng");
      if (!isLocale(lng)) throw httpError(400, "bad-request");
      return redirect(back, { headers: { "Set-Cookie": await userLangCookie(request).serialize(lng) } });
    }
    case "theme":
      return redirect(back, { headers: { "Set-Cookie": await toggle(themeDarkCookie(request)) } });
    case "drawer":
      return redirect(back, { headers: { "Set-Cookie": await toggle(miniDrawerCookie(request)) } });
    default:
      throw httpError(400, "bad-request");
  }
}

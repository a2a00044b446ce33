import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { json, redirect } from "@remix-run/cloudflare";
import { hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { ActionFailure } from "~/server/action-client.server";

/**
 * The class booking's side of `/booking/<token>` (the link of a class booking's e-mails, kind "class"): its loader
 * and action, which the route calls for a token of that kind. The page keeps the link's language (`?lng=`, the
 * e-mail's) through its redirects.
 */

const DONE = ["cancelled", "moved"] as const;
/** The page's own refusals, before the backend is asked. */
export type ClassLocalRefusal = "confirm-cancel" | "choose-class";
const timeOf = (iso: string) => hongKongTime(iso).slice(11);
const span = (startsAt: string, endsAt: string) => `${hongKongTime(startsAt)} – ${timeOf(endsAt)}`;

/** The status a member reads: attended or missed once marked, the studio's cancellation as such. */
function statusOf(page: { status: string; attendance: string; session_status: string }) {
  if (page.session_status === "cancelled" && page.status === "cancelled") return "session-cancelled" as const;
  if (page.status === "booked" && page.attendance !== "pending") return page.attendance as "show" | "noshow";
  return page.status as "booked" | "cancelled";
}

export async function classLinkLoader({ params, request, context }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  try {
    const { data } = await context.actions().get_yoga_course_record_link_data_by_token({ token: params.token ?? "" });
    const course = localizedName(data.course_type, context.locale, "name");
    return {
      kind: "class" as const,
      title: `${course} · ${data.store.name}`,
      page: {
        ...data,
        courseName: course,
        coachName: localizedName(data.coach, context.locale, "name"),
        time: span(data.starts_at, data.ends_at),
        shownStatus: statusOf(data),
        refundUntil: hongKongTime(data.refund_until),
        choices: data.targets.map((target) => ({
          value: String(target.id),
          time: span(target.starts_at, target.ends_at),
          coach: localizedName(target.coach, context.locale, "name"),
          location: target.location,
          placesLeft: target.places_left,
        })),
      },
      done: DONE.find((each) => each === query.get("done")) ?? null,
      refusal: null,
    };
  } catch (error) {
    if (!(error instanceof ActionFailure) || ![400, 404].includes(error.status)) throw error;
    return json(
      {
        kind: "class" as const,
        title: context.t("course-booking:link.title"),
        page: null,
        done: null,
        refusal: error.messageKey,
      },
      { status: 404 },
    );
  }
}

/** Cancel (its box ticked) or move (a class chosen); refused, the page says why above the form. */
export async function classLinkAction({ request, params, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const token = params.token ?? "";
  const url = new URL(request.url);
  const intent = form.get("intent") === "cancel" ? "cancel" : "move";
  /** The page's own refusal (`local`), or the backend's message key. */
  const refused = (status: number, message: string, local?: ClassLocalRefusal) =>
    json({ kind: "class" as const, intent, message, local: local ?? null }, { status });
  const done = (path: string, what: (typeof DONE)[number]) => {
    const lng = url.searchParams.get("lng");
    return redirect(`${path}?${new URLSearchParams({ ...(lng ? { lng } : {}), done: what })}`);
  };
  try {
    if (intent === "cancel") {
      if (form.get("confirm") !== "yes") return refused(400, "", "confirm-cancel");
      await context.actions().update_yoga_course_record_link_cancel_data_by_token({ token });
      return done(url.pathname, "cancelled");
    }
    const sessionId = Number(form.get("session_id") ?? "");
    if (!Number.isSafeInteger(sessionId) || sessionId < 1) return refused(400, "", "choose-class");
    const { data } = await context
      .actions()
      .update_yoga_course_record_link_session_data_by_token({ token, session_id: sessionId });
    return done(data.path ?? url.pathname, "moved");
  } catch (error) {
    if (!(error instanceof ActionFailure) || error.status >= 500) throw error;
    return refused(error.status, error.messageKey);
  }
}

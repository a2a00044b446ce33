import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json, redirect } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { formatHkd } from "#contract/money";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { customerPageStylesheet } from "~/components/customer-page";
import { ActionFailure } from "~/server/action-client.server";
import type { RouteHandle } from "~/utils/handle";
import { translateMessage } from "~/utils/messages";
import bookingStyles from "~/styles/booking-link.css";
import { classLinkAction, classLinkLoader } from "./__class-booking-link.server";
import { BookingLinkPage, CancelCard, LinkRefusal } from "./__booking-link-page";
import { ClassBookingLink } from "./__class-booking-link";

/**
 * The customer's page of their booking (the signed link its e-mails carry, backend/booking-link.ts): no sign-in,
 * the blank layout with its language switch, phone first, no scripts. One link format for every kind of booking,
 * so one page: the token's kind picks the backend's actions and the view (a class booking's in
 * __class-booking-link). An appointment's: the booking and its state, the store's contact, and while changes are
 * open (until the service's minimum notice before the start) a cancel form with a confirmation box and a
 * reschedule: a date (a GET form), that date's free times, one chosen and sent.
 */
export const handle: RouteHandle = { i18n: ["appointment-booking", "course-booking"], scriptless: true };
export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);
export const links: LinksFunction = () => [customerPageStylesheet, { rel: "stylesheet", href: bookingStyles }];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DONE = ["cancelled", "moved"] as const;
/** The page's own refusals, before the backend is asked. */
type LocalRefusal = "confirm-cancel" | "choose-time";
const timeOf = (iso: string) => hongKongTime(iso).slice(11);

/** The kind the token names (backend/booking-link.ts: `bk.<store>.<kind>.<id>.…`); the backend checks it. */
const isClassLink = (token: string | undefined) => token?.split(".")[2] === "class";

export const loader = (args: LoaderFunctionArgs) =>
  isClassLink(args.params.token) ? classLinkLoader(args) : appointmentLoader(args);

export const action = (args: ActionFunctionArgs) =>
  isClassLink(args.params.token) ? classLinkAction(args) : appointmentAction(args);

async function appointmentLoader({ params, request, context }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const asked = query.get("date") ?? "";
  const date = DATE.test(asked) ? asked : undefined;
  try {
    const { data } = await context
      .actions()
      .get_appointment_booking_link_data_by_token({ token: params.token ?? "", date });
    const service = localizedName(data.service, context.locale, "name");
    return {
      kind: "appointment" as const,
      title: `${service} · ${data.store.name}`,
      page: {
        ...data,
        serviceName: service,
        providerName: localizedName(data.provider, context.locale, "name"),
        time: `${hongKongTime(data.starts_at)} – ${timeOf(data.ends_at)}`,
        price: formatHkd(data.price_cents),
        changeUntil: hongKongTime(data.change_until),
        date: date ?? null,
        slots: data.day?.slots.map((slot) => ({ value: slot.starts_at, label: timeOf(slot.starts_at) })) ?? [],
      },
      done: DONE.find((each) => each === query.get("done")) ?? null,
      refusal: null,
    };
  } catch (error) {
    if (!(error instanceof ActionFailure) || ![400, 404].includes(error.status)) throw error;
    return json(
      {
        kind: "appointment" as const,
        title: context.t("appointment-booking:link.title"),
        page: null,
        done: null,
        refusal: error.messageKey,
      },
      { status: 404 },
    );
  }
}

/** Cancel (its box ticked) or move (a time chosen); refused, the page says why above the form. */
async function appointmentAction({ request, params, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const token = params.token ?? "";
  const path = new URL(request.url).pathname;
  const intent = form.get("intent") === "cancel" ? "cancel" : "move";
  /** The page's own refusal (`local`), or the backend's message key. */
  const refused = (status: number, message: string, local?: LocalRefusal) =>
    json({ kind: "appointment" as const, intent, message, local: local ?? null }, { status });
  try {
    if (intent === "cancel") {
      if (form.get("confirm") !== "yes") return refused(400, "", "confirm-cancel");
      await context.actions().update_appointment_booking_link_cancel_data_by_token({ token });
      return redirect(`${path}?done=cancelled`);
    }
    const startsAt = String(form.get("starts_at") ?? "");
    if (startsAt === "") return refused(400, "", "choose-time");
    const { data } = await context
      .actions()
      .update_appointment_booking_link_time_data_by_token({ token, starts_at: startsAt });
    return redirect(`${data.path ?? path}?done=moved`);
  } catch (error) {
    if (!(error instanceof ActionFailure) || error.status >= 500) throw error;
    return refused(error.status, error.messageKey);
  }
}

export default function BookingLinkRoute() {
  const { t } = useTranslation(["appointment-booking", "course-booking", "message"]);
  const loaded = useLoaderData<typeof loader>();
  const sent = useActionData<typeof action>();
  if (loaded.page === null) {
    return (
      <Card>
        <BlockStack gap="200">
          <Text as="h1" variant="headingLg">
            {loaded.kind === "class" ? t("course-booking:link.title") : t("link.title")}
          </Text>
          <p role="alert">{translateMessage(t, loaded.refusal ?? "booking-link-invalid")}</p>
        </BlockStack>
      </Card>
    );
  }
  if (loaded.kind === "class") {
    return <ClassBookingLink page={loaded.page} done={loaded.done} sent={sent?.kind === "class" ? sent : undefined} />;
  }
  const { page, done } = loaded;
  const refusalOf = (intent: "cancel" | "move") =>
    sent?.kind === "appointment" && sent.intent === intent
      ? sent.local
        ? t(`link.refused.${sent.local}`)
        : translateMessage(t, sent.message)
      : null;
  return (
    <BookingLinkPage
      store={page.store}
      heading={t("link.heading", { number: page.id })}
      done={done ? t(`link.done.${done}`) : null}
      note={
        page.status !== "success"
          ? null
          : page.can_change
            ? t("link.change-until", { time: page.changeUntil, hours: page.min_notice_hours })
            : t("link.change-closed")
      }
      facts={
        <>
          <dt>{t("field.service")}</dt>
          <dd>{page.serviceName}</dd>
          <dt>{t("field.provider")}</dt>
          <dd>{page.providerName}</dd>
          <dt>{t("field.start-end")}</dt>
          <dd>{page.time}</dd>
          <dt>{t("field.price")}</dt>
          <dd>{page.price}</dd>
          <dt>{t("field.status")}</dt>
          <dd>{t(`link.status.${page.status}`)}</dd>
        </>
      }
    >
      {page.can_change && (
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              {t("link.move-title")}
            </Text>
            <LinkRefusal text={refusalOf("move")} />
            <Form method="get" noValidate>
              <BlockStack gap="200">
                <label htmlFor="booking-date">
                  <Text as="span" fontWeight="medium">
                    {t("field.date")}
                  </Text>
                </label>
                <input
                  id="booking-date"
                  className="booking-link__date"
                  type="date"
                  name="date"
                  min={page.first_date}
                  max={page.last_date}
                  defaultValue={page.date ?? ""}
                />
                <Button submit>{t("show-slots")}</Button>
              </BlockStack>
            </Form>
            {page.date && page.slots.length === 0 && <Text as="p">{t("no-slots")}</Text>}
            {page.slots.length > 0 && (
              <Form method="post" noValidate>
                <input type="hidden" name="intent" value="move" />
                <BlockStack gap="300">
                  <fieldset className="booking-link__slots">
                    <legend>{t("link.free-times", { date: page.date })}</legend>
                    {page.slots.map((slot) => (
                      <label key={slot.value}>
                        <input
                          type="radio"
                          name="starts_at"
                          value={slot.value}
                          defaultChecked={slot.value === page.starts_at}
                        />
                        {slot.label}
                      </label>
                    ))}
                  </fieldset>
                  <Button submit variant="primary" size="large" fullWidth>
                    {t("link.move")}
                  </Button>
                </BlockStack>
              </Form>
            )}
          </BlockStack>
        </Card>
      )}
      {page.can_change && (
        <CancelCard
          title={t("link.cancel-title")}
          refusal={refusalOf("cancel")}
          confirm={t("link.confirm-cancel")}
          button={t("link.cancel")}
        />
      )}
    </BookingLinkPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

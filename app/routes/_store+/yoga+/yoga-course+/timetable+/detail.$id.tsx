import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useFetcher, useLoaderData } from "@remix-run/react";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { Box } from "@shopify/polaris/build/esm/components/Box/Box.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Select } from "@shopify/polaris/build/esm/components/Select/Select.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import type { CourseBookingRecord } from "#modules/course-booking/contract";
import { hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { ATTENDANCES } from "#contract/options";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListTable, QueryTextField } from "~/components/list-table";
import { PageLinks } from "~/components/page-links";
import { StatusBadge } from "~/components/status-badge";
import { LabelValue } from "~/components/label-value";
import { ReminderWhatsApp } from "~/components/reminder-card";
import { ActionFailure } from "~/server/action-client.server";
import { redirectWithToast, refusalToast, requireStore } from "~/server/auth.server";
import { asRouteError, httpError, recordId } from "~/server/errors.server";
import { can, requireCan } from "~/server/permissions.server";
import { reminderWhatsAppLinks } from "~/server/reminder-share.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { Waitlist, type WaitlistRow } from "./__waitlist";

const TIMETABLE_URL = "/yoga/yoga-course/timetable";

export const handle: RouteHandle = { i18n: ["course-booking"], parent: TIMETABLE_URL };
export const meta = titleMeta;

const rowId = z.coerce.number().int().positive();
/** What the page's forms post, by their intent. */
const posted = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("book"),
    member_id: rowId,
    credit_id: z.union([z.literal("").transform(() => null), rowId]).default(null),
  }),
  z.object({
    intent: z.literal("join"),
    member_id: rowId,
    credit_id: z.union([z.literal("").transform(() => null), rowId]).default(null),
  }),
  z.object({ intent: z.literal("leave"), id: rowId }),
  z.object({ intent: z.literal("cancel"), id: rowId }),
  z.object({ intent: z.literal("swap"), id: rowId, session_id: rowId }),
  z.object({ intent: z.literal("attendance"), id: rowId, attendance: z.enum(ATTENDANCES) }),
  z.object({ intent: z.literal("attend-all") }),
]);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "yoga_course:read");
  const sessionId = recordId(params.id);
  const url = new URL(request.url);
  const canWrite = can(user, "yoga_course:write");
  const keyword = canWrite ? (url.searchParams.get("member") ?? "").trim().slice(0, 100) : "";
  const key = { application_key: store.applicationKey, session_id: sessionId };
  const [{ data: roster }, matches] = await Promise.all([
    client.get_yoga_course_record_data_list_by_application_key_and_session_id(key),
    keyword
      ? client
          .get_yoga_course_record_member_data_list_by_application_key_and_session_id({ ...key, keyword })
          .then(({ data }) => data)
      : Promise.resolve(null),
  ]).catch((error: unknown) => {
    if (error instanceof ActionFailure && error.status === 404) throw httpError(404, "course-not-found");
    return asRouteError(error);
  });
  const { session } = roster;
  const locale = context.locale;
  const startsAt = Date.parse(session.starts_at);
  const lateFrom = startsAt - roster.cancel_hours * 3_600_000;
  const open = session.status === "scheduled" && startsAt > Date.now();
  const booking = (record: CourseBookingRecord) => ({
    id: record.id,
    name: record.member.name,
    memberCode: record.member.member_code,
    phone: record.member.phone,
    memberId: record.member.id,
    credit: record.credit ? localizedName(record.credit, locale, "name") : null,
    creditsSpent: record.credits_spent,
    creditsReturned: record.credits_returned,
    attendance: record.attendance,
    cancelledAt: record.cancelled_at ? hongKongTime(record.cancelled_at) : null,
    remindedAt: record.reminded_at ? hongKongTime(record.reminded_at) : null,
    // Before the class: the member reminded on WhatsApp by hand.
    whatsapp:
      open && record.status === "booked"
        ? reminderWhatsAppLinks(record.member.phone, store.storeName, {
            kind: "class",
            startsAt: session.starts_at,
            course: { zh_hk: session.course_type.name_zh_hk, en: session.course_type.name_en },
            link: null,
          })
        : null,
  });
  const cancelId = Number(url.searchParams.get("cancel"));
  const swapId = Number(url.searchParams.get("swap"));
  const booked = roster.booked.map(booking);
  const waitlist = roster.waitlist.map((entry): WaitlistRow => ({
    id: entry.id,
    position: entry.position,
    name: entry.member.name,
    memberId: entry.member.id,
    memberCode: entry.member.member_code,
    phone: entry.member.phone,
    credit: entry.credit
      ? context.t("course-booking:waitlist-credit", {
          name: localizedName(entry.credit, locale, "name"),
          count: entry.credit.credits_remaining,
        })
      : null,
    joinedAt: hongKongTime(entry.create_date),
  }));
  // A link to cancel or swap a booking that is not on this session's roster at all.
  const named = [cancelId, swapId].filter((id) => id > 0);
  const known = [...roster.booked, ...roster.cancelled].map((record) => record.id);
  if (named.some((id) => !known.includes(id))) throw httpError(404, "course-record-not-found");
  return {
    title: localizedName(session.course_type, locale, "name"),
    session: {
      id: session.id,
      type: localizedName(session.course_type, locale, "name"),
      colour: session.course_type.colour,
      coach: localizedName(session.coach, locale, "name"),
      startsAt: hongKongTime(session.starts_at),
      endsAt: hongKongTime(session.ends_at).slice(11),
      location: session.location,
      note: session.note,
      creditsNeeded: session.credits_needed,
      booked: session.booked_places,
      maxPlaces: session.max_places,
      status: session.status,
    },
    cancelHours: roster.cancel_hours,
    booked,
    cancelled: roster.cancelled.map(booking),
    waitlist,
    full: session.booked_places >= session.max_places,
    keyword,
    matches: matches?.map((member) => ({
      id: member.id,
      name: member.name,
      memberCode: member.member_code,
      phone: member.phone,
      booked: booked.some((row) => row.memberId === member.id),
      waiting: waitlist.some((row) => row.memberId === member.id),
      credits: member.credits.map((credit) => ({
        value: String(credit.id),
        label: `${localizedName(credit, locale, "name")} · ${context.t("course-booking:credits-left", {
          count: credit.credits_remaining,
        })} · ${
          credit.expires_at
            ? context.t("course-booking:expires", { date: hongKongTime(credit.expires_at).slice(0, 10) })
            : context.t("course-booking:from-first-use")
        }`,
      })),
    })),
    // Cancelling now, within the late window, gives nothing back: the page says so before it is confirmed.
    cancelling: open ? (booked.find((row) => row.id === cancelId && row.attendance === "pending") ?? null) : null,
    late: Date.now() >= lateFrom,
    swapping: open ? (booked.find((row) => row.id === swapId && row.attendance === "pending") ?? null) : null,
    swapTargets: roster.swap_targets.map((target) => ({
      value: String(target.id),
      label: `${hongKongTime(target.starts_at)} · ${localizedName(target.coach, locale, "name")} · ${target.booked_places}/${target.max_places}`,
    })),
    open,
    canWrite,
    recordUrl: can(user, "credit_package:read") ? "/member/member-list/yoga-course-record/" : null,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "yoga_course:write");
  const sessionId = recordId(params.id);
  const here = `${TIMETABLE_URL}/detail/${sessionId}`;
  const form = posted.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) throw httpError(400, "bad-request");
  const input = form.data;
  const key = { application_key: store.applicationKey };
  try {
    if (input.intent === "attendance") {
      await client.update_yoga_course_record_attendance_data_by_application_key_and_id({ ...key, ...input });
      // Marked from a fetcher (no reload) or a plain post: either way the page reloads its roster.
      return { marked: input.id };
    }
    if (input.intent === "attend-all") {
      const { data } = await client.update_yoga_course_record_attendance_data_in_bulk_by_application_key_and_session_id(
        { ...key, session_id: sessionId },
      );
      return redirectWithToast(
        here,
        { tone: "success", message: "course-booking:all-marked", values: { count: data.marked } },
        request,
        context,
      );
    }
    if (input.intent === "book") {
      await client.add_yoga_course_record_data({
        ...key,
        session_id: sessionId,
        member_id: input.member_id,
        credit_id: input.credit_id,
      });
      return redirectWithToast(here, { tone: "success", message: "course-booking:booked" }, request, context);
    }
    if (input.intent === "join") {
      await client.add_yoga_course_waitlist_data({
        ...key,
        session_id: sessionId,
        member_id: input.member_id,
        credit_id: input.credit_id,
      });
      return redirectWithToast(here, { tone: "success", message: "course-booking:joined-waitlist" }, request, context);
    }
    if (input.intent === "leave") {
      await client.update_yoga_course_waitlist_status_data_by_application_key_and_id({
        ...key,
        id: input.id,
        status: "left",
      });
      return redirectWithToast(here, { tone: "success", message: "course-booking:left-waitlist" }, request, context);
    }
    if (input.intent === "cancel") {
      const { data } = await client.update_yoga_course_record_status_data_by_application_key_and_id({
        ...key,
        id: input.id,
        status: "cancelled",
      });
      return redirectWithToast(
        here,
        { tone: "success", message: "course-booking:cancelled-toast", values: { count: data.credits_returned } },
        request,
        context,
      );
    }
    await client.update_yoga_course_record_session_data_by_application_key_and_id({
      ...key,
      id: input.id,
      session_id: input.session_id,
    });
    return redirectWithToast(here, { tone: "success", message: "course-booking:swapped" }, request, context);
  } catch (error) {
    if (!(error instanceof ActionFailure) || error.status === 403) throw error;
    return redirectWithToast(here, refusalToast(error.messageKey), request, context);
  }
}

type Booking = ReturnType<typeof useLoaderData<typeof loader>>["booked"][number];

const ATTENDANCE_TONES = { pending: undefined, show: "success", noshow: "critical" } as const;

export default function CourseSession() {
  const { t } = useTranslation(["course-booking", "common"]);
  const data = useLoaderData<typeof loader>();
  const { session } = data;
  return (
    <Page
      title={data.title}
      subtitle={`${session.startsAt}–${session.endsAt}`}
      titleMetadata={
        <StatusBadge tone={session.status === "scheduled" ? "info" : undefined}>
          {t(`session-status.${session.status}`)}
        </StatusBadge>
      }
      backAction={{ content: t("common:shell.back"), url: TIMETABLE_URL }}
    >
      <BlockStack gap="400">
        {data.canWrite && (
          <PageLinks links={[{ content: t("edit"), url: `${TIMETABLE_URL}/detail/${session.id}/edit` }]} />
        )}
        <Card>
          <BlockStack gap="200">
            <Text as="h2" variant="headingMd">
              {t("section.session")}
            </Text>
            <BlockStack gap="100">
              <LabelValue label={t("field.type")}>
                <span
                  style={{
                    display: "inline-block",
                    width: "0.75em",
                    height: "0.75em",
                    backgroundColor: session.colour,
                  }}
                  aria-hidden
                />{" "}
                {session.type}
              </LabelValue>
              <LabelValue label={t("field.coach")}>{session.coach}</LabelValue>
              <LabelValue label={t("field.time")}>{`${session.startsAt}–${session.endsAt}`}</LabelValue>
              <LabelValue label={t("field.location")}>{session.location || "—"}</LabelValue>
              <LabelValue label={t("field.credits")}>{String(session.creditsNeeded)}</LabelValue>
              <LabelValue label={t("field.places")}>
                <span data-testid="booked-places">
                  {t("places", { booked: session.booked, max: session.maxPlaces })}
                </span>
              </LabelValue>
              {session.note && <LabelValue label={t("field.note")}>{session.note}</LabelValue>}
            </BlockStack>
          </BlockStack>
        </Card>
        {data.cancelling && <ConfirmCancel booking={data.cancelling} />}
        {data.swapping && <SwapForm booking={data.swapping} />}
        <Roster />
        {(data.waitlist.length > 0 || data.full) && (
          <Waitlist rows={data.waitlist} canRemove={data.canWrite} memberName={(row) => <MemberName booking={row} />} />
        )}
        {data.canWrite && data.open && <BookMember />}
        <CancelledList />
      </BlockStack>
    </Page>
  );
}

function Roster() {
  const { t } = useTranslation(["course-booking", "common"]);
  const { booked, canWrite, open } = useLoaderData<typeof loader>();
  const pending = booked.some((row) => row.attendance === "pending");
  return (
    <Card padding="0">
      <BlockStack gap="0">
        <Box padding="400">
          <InlineStack align="space-between" blockAlign="center" gap="200">
            <Text as="h2" variant="headingMd">
              {t("section.roster")}
            </Text>
            {canWrite && pending && (
              <Form method="post" noValidate>
                <input type="hidden" name="intent" value="attend-all" />
                <Button submit>{t("mark-all-present")}</Button>
              </Form>
            )}
          </InlineStack>
        </Box>
        <ListTable
          resourceName={{ singular: t("booking"), plural: t("bookings") }}
          itemCount={booked.length}
          emptyText={t("no-bookings")}
          headings={[
            { title: t("column.member") },
            { title: t("column.phone") },
            { title: t("column.package") },
            { title: t("column.credits"), alignment: "end" },
            { title: t("column.attendance") },
            { title: t("column.actions") },
          ]}
        >
          {booked.map((row, index) => (
            <IndexTable.Row id={String(row.id)} key={row.id} position={index}>
              <IndexTable.Cell>
                <BlockStack gap="050">
                  <MemberName booking={row} />
                  <Text as="span" tone="subdued">
                    {row.memberCode}
                  </Text>
                  {row.remindedAt && (
                    <Text as="span" tone="subdued">
                      {t("common:reminder.sent", { time: row.remindedAt })}
                    </Text>
                  )}
                </BlockStack>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <BlockStack gap="100">
                  <span>{row.phone}</span>
                  {row.whatsapp && <ReminderWhatsApp links={row.whatsapp} size="slim" />}
                </BlockStack>
              </IndexTable.Cell>
              <IndexTable.Cell>{row.credit ?? t("no-credit-needed")}</IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" alignment="end" numeric>
                  {String(row.creditsSpent)}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>
                {canWrite ? (
                  <AttendanceButtons booking={row} />
                ) : (
                  <StatusBadge tone={ATTENDANCE_TONES[row.attendance]}>{t(`attendance.${row.attendance}`)}</StatusBadge>
                )}
              </IndexTable.Cell>
              <IndexTable.Cell>
                {canWrite && open && row.attendance === "pending" && (
                  <InlineStack gap="200">
                    <Button url={`?swap=${row.id}`} size="slim" accessibilityLabel={t("swap-for", { name: row.name })}>
                      {t("swap")}
                    </Button>
                    <Button
                      url={`?cancel=${row.id}`}
                      size="slim"
                      tone="critical"
                      accessibilityLabel={t("cancel-for", { name: row.name })}
                    >
                      {t("cancel")}
                    </Button>
                  </InlineStack>
                )}
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </ListTable>
      </BlockStack>
    </Card>
  );
}

/** Pending, show, noshow as three buttons: a fetcher with JS (no reload, shown at once), a plain post without. */
function AttendanceButtons({ booking }: { booking: Booking }) {
  const { t } = useTranslation("course-booking");
  const fetcher = useFetcher({ key: `attendance-${booking.id}` });
  const shown = (fetcher.formData?.get("attendance") as Booking["attendance"] | null) ?? booking.attendance;
  return (
    <fetcher.Form method="post" noValidate>
      <input type="hidden" name="intent" value="attendance" />
      <input type="hidden" name="id" value={booking.id} />
      <InlineStack gap="100" wrap={false}>
        <span role="group" aria-label={t("attendance-for", { name: booking.name })}>
          <InlineStack gap="100" wrap={false}>
            {ATTENDANCES.map((attendance) => (
              // Polaris' Button cannot carry a name and value: a native one in its style posts the choice.
              <button
                key={attendance}
                type="submit"
                name="attendance"
                value={attendance}
                aria-pressed={shown === attendance}
                className={`Polaris-Button Polaris-Button--pressable Polaris-Button--sizeSlim Polaris-Button--textAlignCenter ${
                  shown === attendance ? "Polaris-Button--variantPrimary" : "Polaris-Button--variantSecondary"
                }`}
              >
                <span className="Polaris-Text--root Polaris-Text--bodySm Polaris-Text--medium">
                  {t(`attendance.${attendance}`)}
                </span>
              </button>
            ))}
          </InlineStack>
        </span>
      </InlineStack>
    </fetcher.Form>
  );
}

function ConfirmCancel({ booking }: { booking: Booking }) {
  const { t } = useTranslation("course-booking");
  const { late, cancelHours } = useLoaderData<typeof loader>();
  return (
    <Banner tone={late ? "warning" : "info"} title={t("confirm-cancel.title", { name: booking.name })}>
      <BlockStack gap="300">
        <p>
          {late
            ? t("confirm-cancel.late", { count: booking.creditsSpent, hours: cancelHours })
            : t("confirm-cancel.refund", { count: booking.creditsSpent })}
        </p>
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="id" value={booking.id} />
          <InlineStack gap="200">
            <Button submit tone="critical" variant="primary">
              {t("confirm-cancel.confirm")}
            </Button>
            <Button url="?">{t("confirm-cancel.keep")}</Button>
          </InlineStack>
        </Form>
      </BlockStack>
    </Banner>
  );
}

function SwapForm({ booking }: { booking: Booking }) {
  const { t } = useTranslation("course-booking");
  const { swapTargets } = useLoaderData<typeof loader>();
  const [target, setTarget] = useState(swapTargets[0]?.value ?? "");
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("swap-title", { name: booking.name })}
        </Text>
        {swapTargets.length === 0 ? (
          <Text as="p">{t("no-swap-targets")}</Text>
        ) : (
          <Form method="post" noValidate>
            <input type="hidden" name="intent" value="swap" />
            <input type="hidden" name="id" value={booking.id} />
            <InlineStack gap="200" blockAlign="end" wrap>
              <Select
                name="session_id"
                label={t("field.swap-to")}
                options={swapTargets}
                value={target}
                onChange={setTarget}
              />
              <Button submit variant="primary">
                {t("swap")}
              </Button>
              <Button url="?">{t("confirm-cancel.keep")}</Button>
            </InlineStack>
          </Form>
        )}
      </BlockStack>
    </Card>
  );
}

function BookMember() {
  const { t } = useTranslation("course-booking");
  const { keyword, matches, session, full } = useLoaderData<typeof loader>();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("section.book")}
        </Text>
        {full && (
          <Text as="p" tone="subdued">
            {t("full-waitlist-hint")}
          </Text>
        )}
        <Form method="get" noValidate>
          <InlineStack gap="200" blockAlign="end" wrap>
            <QueryTextField name="member" label={t("field.member-search")} value={keyword} />
            <Button submit>{t("search")}</Button>
          </InlineStack>
        </Form>
        {matches &&
          (matches.length === 0 ? (
            <Text as="p" tone="subdued">
              {t("no-members")}
            </Text>
          ) : (
            <BlockStack gap="200">
              {matches.map((member) => (
                <MemberMatch key={member.id} member={member} needsCredits={session.creditsNeeded > 0} full={full} />
              ))}
            </BlockStack>
          ))}
      </BlockStack>
    </Card>
  );
}

type Match = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["matches"]>[number];

/** Books the member, or on a full session puts them on its waitlist with the credit they would pay with. */
function MemberMatch({ member, needsCredits, full }: { member: Match; needsCredits: boolean; full: boolean }) {
  const { t } = useTranslation("course-booking");
  const [credit, setCredit] = useState(member.credits[0]?.value ?? "");
  const label = `${member.name} · ${member.memberCode} · ${member.phone}`;
  if (member.booked || member.waiting || (needsCredits && member.credits.length === 0)) {
    return (
      <InlineStack gap="200" wrap>
        <Text as="span">{label}</Text>
        <Text as="span" tone="subdued">
          {member.booked ? t("already-booked") : member.waiting ? t("already-waiting") : t("no-usable-credits")}
        </Text>
      </InlineStack>
    );
  }
  return (
    <Form method="post" noValidate>
      <input type="hidden" name="intent" value={full ? "join" : "book"} />
      <input type="hidden" name="member_id" value={member.id} />
      <InlineStack gap="200" blockAlign="end" wrap>
        {needsCredits ? (
          <Select
            name="credit_id"
            label={t("field.pay-with", { name: label })}
            options={member.credits}
            value={credit}
            onChange={setCredit}
          />
        ) : (
          <Text as="span">{label}</Text>
        )}
        {full ? (
          <Button submit variant="primary" accessibilityLabel={t("join-waitlist-for", { name: member.name })}>
            {t("join-waitlist")}
          </Button>
        ) : (
          <Button submit variant="primary" accessibilityLabel={t("book-for", { name: member.name })}>
            {t("book")}
          </Button>
        )}
      </InlineStack>
    </Form>
  );
}

/** The member's name, a link to their course record for those who may read it. */
function MemberName({ booking }: { booking: Pick<Booking, "name" | "memberId"> }) {
  const { recordUrl } = useLoaderData<typeof loader>();
  const name = (
    <Text as="span" fontWeight="semibold">
      {booking.name}
    </Text>
  );
  return recordUrl ? <Link url={`${recordUrl}${booking.memberId}`}>{name}</Link> : name;
}

function CancelledList() {
  const { t } = useTranslation("course-booking");
  const { cancelled } = useLoaderData<typeof loader>();
  if (cancelled.length === 0) return null;
  return (
    <Card padding="0">
      <BlockStack gap="0">
        <Box padding="400">
          <Text as="h2" variant="headingMd">
            {t("section.cancelled")}
          </Text>
        </Box>
        <ListTable
          resourceName={{ singular: t("booking"), plural: t("bookings") }}
          itemCount={cancelled.length}
          emptyText={t("no-bookings")}
          headings={[
            { title: t("column.member") },
            { title: t("column.package") },
            { title: t("column.credits-returned"), alignment: "end" },
            { title: t("column.cancelled-at") },
          ]}
        >
          {cancelled.map((row, index) => (
            <IndexTable.Row id={String(row.id)} key={row.id} position={index}>
              <IndexTable.Cell>
                <MemberName booking={row} />{" "}
                <Text as="span" tone="subdued">
                  {row.memberCode}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>{row.credit ?? t("no-credit-needed")}</IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" alignment="end" numeric>
                  {`${row.creditsReturned}/${row.creditsSpent}`}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>{row.cancelledAt ?? ""}</IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </ListTable>
      </BlockStack>
    </Card>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

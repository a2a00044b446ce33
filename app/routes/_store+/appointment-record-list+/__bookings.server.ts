/*
 * The booking page (`…/add`) and the booking's page (`…/{id}`) of both variants are one implementation
 * parametrised by the variant: the routes guard themselves, then call these.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod";
import { APPOINTMENT_BOOKING_ACTIONS, type AppointmentSlots } from "#modules/appointment-booking/contract";
import { APPOINTMENT_URLS, type AppointmentVariant } from "#contract/appointments";
import { hongKongDate, hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { parseMessage } from "#contract/messages";
import { formatHkd } from "#contract/money";
import { ActionFailure, type ActionClient } from "~/server/action-client.server";
import { reminderWhatsAppLinks } from "~/server/reminder-share.server";
import { redirectWithToast } from "~/server/auth.server";
import { asRouteError, httpError } from "~/server/errors.server";
import { replyWithFailure, submitForm } from "~/server/forms.server";
import { safeRedirectPath } from "~/utils/redirect";
import { memberChoices } from "~/server/member-choices.server";
import { bookingFormSchema, isNoticeRefusal, noteFormSchema } from "./__booking-forms";

type Names = AppointmentVariant;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const realDate = (value: string | null) =>
  value !== null && DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : null;

/** The variant's calls; both variants' payloads and results have one shape. */
const calls = (client: ActionClient, variant: Names) => {
  const names = APPOINTMENT_BOOKING_ACTIONS[variant];
  return {
    slots: client[names.slots] as ActionClient["get_appointment_slot_data_list_by_application_key_and_service_id"],
    options: client[names.options] as ActionClient["get_appointment_booking_option_data_list_by_application_key"],
    record: client[names.record] as ActionClient["get_appointment_record_data_by_application_key_and_id"],
    book: client[names.book] as ActionClient["add_appointment_record_data"],
    move: client[names.move] as ActionClient["update_appointment_record_time_data_by_application_key_and_id"],
    status: client[names.status] as ActionClient["update_appointment_record_status_data_by_application_key_and_id"],
    note: client[names.note] as ActionClient["update_appointment_record_note_data_by_application_key_and_id"],
  };
};

/**
 * A day's free slots as radio choices: "10:00 (2 places left)" for a group slot; one inside the service's
 * notice is listed, marked as a walk-in's (booked only confirmed), since a walk-in is who takes it.
 */
function slotChoices(slots: AppointmentSlots | null, context: AppLoadContext) {
  return (slots?.days[0]?.slots ?? []).map((slot) => {
    const time = hongKongTime(slot.starts_at).slice(11);
    const capacity = slots!.service.capacity;
    const parts = [`${time}–${hongKongTime(slot.ends_at).slice(11)}`];
    if (capacity > 1) parts.push(context.t("appointment-booking:places-left", { count: slot.remaining }));
    if (slot.short_notice) parts.push(context.t("appointment-booking:walk-in-only"));
    return { value: time, label: parts.join(" · ") };
  });
}

/** Whether any of the day's slots is inside the notice: the form then offers the walk-in confirmation at once. */
const anyShortNotice = (slots: AppointmentSlots | null) =>
  (slots?.days[0]?.slots ?? []).some((slot) => slot.short_notice);

/** The booking page: the services, the chosen service's free slots on the chosen date, the member search. */
export async function bookingAddData(
  client: ActionClient,
  context: AppLoadContext,
  variant: Names,
  applicationKey: string,
  url: URL,
) {
  const call = calls(client, variant);
  const keyword = (url.searchParams.get("member") ?? "").trim().slice(0, 100);
  const date = realDate(url.searchParams.get("date")) ?? hongKongDate(new Date());
  const serviceParam = Number(url.searchParams.get("service"));
  const [{ data: options }, { data: slots }] = await Promise.all([
    call.options({ application_key: applicationKey, keyword: keyword || undefined }),
    call.slots({
      application_key: applicationKey,
      service_id: Number.isSafeInteger(serviceParam) && serviceParam > 0 ? serviceParam : undefined,
      date_from: date,
      date_to: date,
    }),
  ]).catch(asRouteError);
  const locale = context.locale;
  return {
    listUrl: APPOINTMENT_URLS[variant].records,
    services: options.services.map((choice) => ({
      value: String(choice.id),
      label: `${localizedName(choice, locale, "name")} · ${localizedName(choice.provider, locale, "name")} · ${formatHkd(choice.price_cents)}`,
    })),
    serviceId: slots ? String(slots.service.id) : "",
    date,
    keyword,
    slots: slotChoices(slots, context),
    shortNotice: anyShortNotice(slots),
    members: keyword ? memberChoices(options.members) : null,
  };
}

/** Books from the posted form, then opens the booking; a refusal comes back beside the form. */
export async function bookingAddAction(
  request: Request,
  context: AppLoadContext,
  client: ActionClient,
  variant: Names,
  applicationKey: string,
) {
  let bookedId = 0;
  const submitted = await submitForm(await request.formData(), bookingFormSchema, async (value) => {
    const { slot, typed_time, ...rest } = value;
    const { data } = await calls(client, variant)
      .book({ application_key: applicationKey, ...rest, time: typed_time ?? slot! })
      .catch(besideTime(typed_time ? "typed_time" : "slot"));
    bookedId = data.id;
  });
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(
    `${APPOINTMENT_URLS[variant].records}/${bookedId}`,
    { tone: "success", message: "appointment-booking:booked" },
    request,
    context,
  );
}

/**
 * A time another booking already takes, or one that has passed or is inside the notice, is refused beside
 * the box the time came from, not above the form.
 */
const besideTime = (field: "slot" | "typed_time") => (error: unknown) => {
  if (error instanceof ActionFailure && (error.messageKey === "appointment-time-overlap" || error.fields?.time)) {
    throw new ActionFailure(error.status, error.messageKey, { [field]: error.fields?.time ?? [error.messageKey] });
  }
  throw error;
};

/** The booking, as its page shows it, and the free slots of the day it may move to. */
export async function bookingDetailData(
  client: ActionClient,
  context: AppLoadContext,
  variant: Names,
  applicationKey: string,
  id: number,
  url: URL,
  canWrite: boolean,
  storeName: string,
) {
  const call = calls(client, variant);
  // The free times to move to are read with the booking once a date is chosen (one backend request).
  const chosenMoveDate = canWrite ? realDate(url.searchParams.get("move_date")) : null;
  const key = { application_key: applicationKey };
  const [{ data: record }, moveSlots, choices] = await Promise.all([
    call.record({ ...key, id }),
    chosenMoveDate
      ? call.slots({
          application_key: applicationKey,
          record_id: id,
          date_from: chosenMoveDate,
          date_to: chosenMoveDate,
        })
      : null,
    canWrite
      ? variant === "general"
        ? client.get_appointment_choice_data_list_by_application_key(key)
        : client.get_medi_appointment_choice_data_list_by_application_key(key)
      : null,
  ]).catch(asRouteError);
  const open = canWrite && record.status === "success";
  const moveDate = chosenMoveDate ?? hongKongDate(new Date(record.starts_at));
  const slots = open ? (moveSlots?.data ?? null) : null;
  // A move refused as passed or too soon comes back here with the time kept, to be confirmed.
  const refused = url.searchParams.get("refused") ?? undefined;
  const moveTime = url.searchParams.get("move_time") ?? "";
  const locale = context.locale;
  // The providers a booking may move to: the active ones, and its own.
  const providers = (choices?.data.providers ?? [])
    .filter((provider) => provider.active || provider.id === record.provider.id)
    .map((provider) => ({ value: String(provider.id), label: localizedName(provider, locale, "name") }));
  const askedProvider = url.searchParams.get("move_provider") ?? "";
  return {
    title: context.t("appointment-booking:title.detail", { id: record.id }),
    listUrl: APPOINTMENT_URLS[variant].records,
    record: {
      id: record.id,
      service: localizedName(record.service, locale, "name"),
      provider: localizedName(record.provider, locale, "name"),
      member: record.member,
      customerName: record.customer_name,
      customerPhone: record.customer_phone,
      customerEmail: record.customer_email,
      time: `${hongKongTime(record.starts_at)}–${hongKongTime(record.ends_at).slice(11)}`,
      price: formatHkd(record.price_cents),
      status: record.status,
      channel: record.channel,
      note: record.note,
      bookedAt: hongKongTime(record.create_date),
      cancelledAt: record.cancelled_at ? hongKongTime(record.cancelled_at) : null,
      completedAt: record.completed_at ? hongKongTime(record.completed_at) : null,
      remindedAt: record.reminded_at ? hongKongTime(record.reminded_at) : null,
      actor: record.actor_email,
      version: record.version,
    },
    open,
    // While booked: the reminder sent, and the customer's on WhatsApp by hand with their link.
    whatsapp:
      record.status === "success"
        ? reminderWhatsAppLinks(record.customer_phone, storeName, {
            kind: "appointment",
            startsAt: record.starts_at,
            service: { zh_hk: record.service.name_zh_hk, en: record.service.name_en },
            provider: { zh_hk: record.provider.name_zh_hk, en: record.provider.name_en },
            link: record.booking_link && new URL(record.booking_link, url).toString(),
          })
        : null,
    moveDate,
    slotsShown: slots !== null,
    slots: slotChoices(slots, context),
    moveRefusal: isNoticeRefusal(refused) ? refused! : null,
    moveTime: /^\d{2}:\d{2}$/.test(moveTime) ? moveTime : "",
    providers,
    moveProvider: providers.some((provider) => provider.value === askedProvider)
      ? askedProvider
      : String(record.provider.id),
    shortNotice: anyShortNotice(slots),
    confirmingCancel: open && url.searchParams.get("cancel") === "1",
  };
}

const rowIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("cancel") }),
  z.object({ intent: z.literal("complete") }),
  z.object({ intent: z.literal("note") }),
  z.object({ intent: z.literal("move") }),
]);

const moveForm = z
  .object({
    date: z.string().regex(DATE),
    slot: z
      .string()
      .regex(/^\d{2}:\d{2}$/)
      .optional(),
    typed_time: z.string().trim().optional(),
    /** Another provider (the move form's choice, or the calendar's column a booking was dragged to). */
    provider_id: z
      .string()
      .regex(/^[1-9]\d{0,15}$/)
      .optional()
      .or(z.literal("")),
    confirm_outside_rules: z.literal("on").optional(),
    version: z.coerce.number().int().positive(),
  })
  .transform(({ slot, typed_time, confirm_outside_rules, provider_id, ...rest }) => ({
    ...rest,
    time: typed_time || slot || "",
    provider_id: provider_id ? Number(provider_id) : undefined,
    confirm_outside_rules: confirm_outside_rules === "on",
  }));

/** The booking page's posts: cancel, complete and move come back as a toast; the note form keeps its input. */
export async function bookingDetailAction(
  request: Request,
  context: AppLoadContext,
  client: ActionClient,
  variant: Names,
  applicationKey: string,
  id: number,
) {
  const listUrl = APPOINTMENT_URLS[variant].records;
  const here = `${listUrl}/${id}`;
  const formData = await request.formData();
  // A move from the calendar goes back to it (the refusals a walk-in confirms aside, which open the move form).
  const returnTo = safeRedirectPath(formData.get("return_to"), here);
  const back = returnTo === listUrl || returnTo.startsWith(`${listUrl}?`) ? returnTo : here;
  const intent = rowIntent.safeParse({ intent: formData.get("intent") });
  if (!intent.success) throw httpError(400, "bad-request");
  const call = calls(client, variant);
  const key = { application_key: applicationKey, id };
  if (intent.data.intent === "note") {
    const submission = parseWithZod(formData, { schema: noteFormSchema });
    if (submission.status !== "success") return submission.reply();
    try {
      await call.note({ ...key, ...submission.value });
    } catch (error) {
      return replyWithFailure(submission, error);
    }
    return redirectWithToast(here, { tone: "success", message: "appointment-booking:note-saved" }, request, context);
  }
  try {
    if (intent.data.intent === "move") {
      const move = moveForm.safeParse(Object.fromEntries(formData));
      if (!move.success) throw httpError(400, "bad-request");
      const refused = await call.move({ ...key, ...move.data }).then(
        () => null,
        (error: unknown) => {
          const onTime = error instanceof ActionFailure ? error.fields?.time?.[0] : undefined;
          if (isNoticeRefusal(onTime)) return onTime!;
          throw error;
        },
      );
      if (refused) {
        // Back to the move form with the time kept, the refusal beside it and the walk-in box to tick.
        const kept = new URLSearchParams({
          move_date: move.data.date,
          move_time: move.data.time,
          ...(move.data.provider_id ? { move_provider: String(move.data.provider_id) } : {}),
          refused,
        });
        const { key: messageKey, value } = parseMessage(refused);
        return redirectWithToast(
          `${here}?${kept}`,
          { tone: "error", message: `message:${messageKey}`, values: value === undefined ? undefined : { value } },
          request,
          context,
        );
      }
      return redirectWithToast(back, { tone: "success", message: "appointment-booking:moved" }, request, context);
    }
    const status = intent.data.intent === "cancel" ? "cancelled" : "completed";
    await call.status({ ...key, status });
    return redirectWithToast(here, { tone: "success", message: `appointment-booking:${status}` }, request, context);
  } catch (error) {
    if (!(error instanceof ActionFailure) || error.status === 403) throw error;
    const { key: messageKey, value } = parseMessage(error.messageKey);
    // A typed time the rules refuse names its field's rule.
    const message = error.fields ? "validation:format-not-match" : `message:${messageKey}`;
    return redirectWithToast(
      intent.data.intent === "move" ? back : here,
      { tone: "error", message, values: value === undefined ? undefined : { value } },
      request,
      context,
    );
  }
}

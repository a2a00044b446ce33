import * as z from "zod";
import type { Examples } from "../../contract/examples";
import {
  ATTENDANCES,
  COURSE_BOOKING_STATUSES,
  COURSE_SESSION_STATUSES,
  CREDIT_MOVEMENT_REASONS,
} from "../../contract/options";
import { applicationKey, id, keyword, sorting } from "../../contract/parts";
import { bookingToken, type BookingLinkPage } from "../appointment-booking/contract";
import { COURSE_RECORD_SORTS } from "./options";

/** The member course record pages its bookings newest first. */
/** How many members a roster's search lists, and how many sessions the swap offers. */
export const MAX_MEMBER_MATCHES = 20;
export const MAX_SWAP_TARGETS = 50;
/** A roster lists at most this many bookings of each status (a session's places are far fewer). */
export const MAX_ROSTER_BOOKINGS = 500;

/** What staff mark on a booked member's row: "pending" clears a mark made by mistake. */
export const attendanceField = z.enum(ATTENDANCES, { error: "force-input" });

export const courseBookingPayloads = {
  /** The session (with its type, coach and the store's late-cancel hours), its roster and where it can swap to. */
  get_yoga_course_record_data_list_by_application_key_and_session_id: z.object({
    application_key: applicationKey,
    session_id: id,
  }),
  /**
   * Members whose name, phone or member code contains the keyword (at most MAX_MEMBER_MATCHES), each with
   * the credits that can pay for the session, the one expiring first first.
   */
  get_yoga_course_record_member_data_list_by_application_key_and_session_id: z.object({
    application_key: applicationKey,
    session_id: id,
    keyword,
  }),
  /**
   * Books the member in, paid by `credit_id` (null only for a session needing no credits). The database
   * refuses: a full session (409 course-full), a second booking (409 course-already-booked), too few
   * credits left (409 not-enough-credits:<left>), a credit that cannot pay (409 credit-cannot-pay), a
   * session that is cancelled or over (409 course-not-open).
   */
  add_yoga_course_record_data: z.object({
    application_key: applicationKey,
    session_id: id,
    member_id: id,
    credit_id: id.nullable(),
  }),
  /**
   * Cancels the booking, its credits back unless within the store's late-cancel hours of the start (then
   * none). Once only (409 course-booking-cancelled); refused once attendance is marked (409
   * cannot-swap-or-cancel-after-attending) or the session has started (409 course-started).
   */
  update_yoga_course_record_status_data_by_application_key_and_id: z.object({
    application_key: applicationKey,
    id,
    status: z.literal("cancelled"),
  }),
  /**
   * Puts the member on a full session's waitlist with the credit they would pay with (null only for a session
   * needing no credits); nothing is taken until a place frees and they are booked. Refused: a session with a
   * place left (409 course-not-full: book instead), a member already booked (409 course-already-booked) or
   * already waiting (409 waitlist-already-joined), a credit that cannot pay (409 credit-cannot-pay) or has too
   * few left (409 not-enough-credits:<left>), a session cancelled or started (409 course-not-open).
   */
  add_yoga_course_waitlist_data: z.object({
    application_key: applicationKey,
    session_id: id,
    member_id: id,
    credit_id: id.nullable(),
  }),
  /** Takes a waiting member off the waitlist; 409 waitlist-not-waiting once booked or removed. */
  update_yoga_course_waitlist_status_data_by_application_key_and_id: z.object({
    application_key: applicationKey,
    id,
    status: z.literal("left"),
  }),
  /** Moves the booking to another upcoming scheduled session of the same type needing the same credits. */
  update_yoga_course_record_session_data_by_application_key_and_id: z.object({
    application_key: applicationKey,
    id,
    session_id: id,
  }),
  /** Marks one booked member's attendance; a noshow keeps the credits spent. */
  update_yoga_course_record_attendance_data_by_application_key_and_id: z.object({
    application_key: applicationKey,
    id,
    attendance: attendanceField,
  }),
  /** Marks every booked member of the session still pending as present. */
  update_yoga_course_record_attendance_data_in_bulk_by_application_key_and_session_id: z.object({
    application_key: applicationKey,
    session_id: id,
  }),
  /** A member's credits and one page of their bookings, each with its credit movements (module credit_package). */
  get_yoga_course_record_data_and_total_number_by_sorting_and_limit: z.object({
    application_key: applicationKey,
    member_id: id,
    ...sorting(COURSE_RECORD_SORTS),
  }),
};

interface Names {
  name_zh_hk: string;
  name_en: string;
}

export interface CourseSessionSummary {
  id: number;
  course_type: Names & { id: number; colour: string };
  coach: Names & { id: number };
  location: string;
  starts_at: string;
  ends_at: string;
  credits_needed: number;
  max_places: number;
  booked_places: number;
  status: (typeof COURSE_SESSION_STATUSES)[number];
  note: string;
}

export interface CourseBookingRecord {
  id: number;
  member: { id: number; name: string; member_code: string; phone: string };
  /** The package that paid, as sold; null for a session needing no credits. */
  credit: (Names & { id: number }) | null;
  credits_spent: number;
  credits_returned: number;
  status: (typeof COURSE_BOOKING_STATUSES)[number];
  attendance: (typeof ATTENDANCES)[number];
  cancelled_at: string | null;
  /** When the hourly job reminded the member (backend/booking-reminders.ts); null: not yet. */
  reminded_at: string | null;
  create_date: string;
}

/** A member waiting for a place, in the order they joined. */
export interface WaitlistEntry {
  id: number;
  position: number;
  member: { id: number; name: string; member_code: string; phone: string };
  /** The credit they would pay with, as sold, and what is left on it; null for a session needing no credits. */
  credit: (Names & { id: number; credits_remaining: number }) | null;
  create_date: string;
}

export interface CourseRoster {
  session: CourseSessionSummary;
  /** Hours before the start within which a cancellation gives no credits back. */
  cancel_hours: number;
  booked: CourseBookingRecord[];
  cancelled: CourseBookingRecord[];
  /** The members waiting, first first. */
  waitlist: WaitlistEntry[];
  /** Upcoming scheduled sessions of the same type, needing the same credits, with a place left. */
  swap_targets: { id: number; starts_at: string; coach: Names; booked_places: number; max_places: number }[];
}

export interface UsableCredit extends Names {
  id: number;
  credits_remaining: number;
  /** Null: counts from its first booking. */
  expires_at: string | null;
}

export interface MemberMatch {
  id: number;
  name: string;
  member_code: string;
  phone: string;
  /** Credits that can pay for the session, the one expiring first first (first-use ones last). */
  credits: UsableCredit[];
}

export interface MemberCreditRecord extends Names {
  id: number;
  credits_granted: number;
  credits_remaining: number;
  status: "active" | "refunded";
  granted_at: string;
  expires_at: string | null;
  validity_days: number;
}

export interface CreditMovementRecord {
  id: number;
  reason: (typeof CREDIT_MOVEMENT_REASONS)[number];
  change: number;
  remaining_after: number;
  create_date: string;
}

export interface MemberCourseRecord {
  member: { id: number; name: string; member_code: string };
  credits: MemberCreditRecord[];
  bookings: (CourseBookingRecord & {
    session: Pick<CourseSessionSummary, "id" | "starts_at" | "status"> & { course_type: Names; coach: Names };
    movements: CreditMovementRecord[];
  })[];
}

export interface CourseBookingResults {
  get_yoga_course_record_data_list_by_application_key_and_session_id: CourseRoster;
  get_yoga_course_record_member_data_list_by_application_key_and_session_id: MemberMatch[];
  add_yoga_course_record_data: { id: number };
  update_yoga_course_record_status_data_by_application_key_and_id: { id: number; credits_returned: number };
  update_yoga_course_record_session_data_by_application_key_and_id: { id: number };
  add_yoga_course_waitlist_data: { id: number };
  update_yoga_course_waitlist_status_data_by_application_key_and_id: { id: number };
  update_yoga_course_record_attendance_data_by_application_key_and_id: { id: number };
  update_yoga_course_record_attendance_data_in_bulk_by_application_key_and_session_id: { marked: number };
  get_yoga_course_record_data_and_total_number_by_sorting_and_limit: MemberCourseRecord;
}

/**
 * The member's own page of one class booking (`/booking/<token>`, the link its e-mails carry): the signed token is
 * the only key (permission public); a link that is not valid, has expired or names no booking is 404
 * booking-link-invalid. The store's late-cancellation window rules it: cancelling within it forfeits the credits,
 * and a move is open only while a cancellation would still give them back, to a session starting outside it.
 */
export const courseSelfServicePayloads = {
  /** The booking, its store, and the sessions it may move to. */
  get_yoga_course_record_link_data_by_token: z.object({ token: bookingToken }),
  /**
   * Cancels the booking, its credits back unless within the window (409 course-booking-cancelled,
   * cannot-swap-or-cancel-after-attending, course-started), and fills its place from the waitlist.
   */
  update_yoga_course_record_link_cancel_data_by_token: z.object({ token: bookingToken }),
  /**
   * Moves the booking, its credits with it, to another session of its course with a place left, starting outside
   * the window (409 booking-link-change-closed:<hours> inside it; course-full, course-not-open, credit-cannot-pay).
   */
  update_yoga_course_record_link_session_data_by_token: z.object({ token: bookingToken, session_id: id }),
};

/** A session a class booking may move to. */
export interface ClassMoveTarget {
  id: number;
  starts_at: string;
  ends_at: string;
  coach: Names;
  location: string;
  places_left: number;
}

export interface ClassBookingLinkPage {
  id: number;
  status: (typeof COURSE_BOOKING_STATUSES)[number];
  attendance: (typeof ATTENDANCES)[number];
  session_status: (typeof COURSE_SESSION_STATUSES)[number];
  course_type: Names;
  coach: Names;
  location: string;
  starts_at: string;
  ends_at: string;
  member_name: string;
  credits_spent: number;
  credits_returned: number;
  store: BookingLinkPage["store"];
  /** The store's late-cancellation window, in hours before the start. */
  cancel_hours: number;
  /** Until when a cancellation gives the credits back and the booking may move. */
  refund_until: string;
  /** Booked, pending, and its session not started. */
  can_cancel: boolean;
  /** Whether cancelling now gives the credits back. */
  cancel_refunds: boolean;
  /** Whether it may move now (before `refund_until`). */
  can_move: boolean;
  /** While it may move: the sessions of its course with a place left, starting outside the window, soonest first. */
  targets: ClassMoveTarget[];
}

export interface CourseSelfServiceResults {
  get_yoga_course_record_link_data_by_token: ClassBookingLinkPage;
  update_yoga_course_record_link_cancel_data_by_token: { id: number; credits_returned: number };
  /** The new link to the moved booking (its expiry follows the new start). */
  update_yoga_course_record_link_session_data_by_token: { id: number; path: string | null };
}

export interface CourseBookingExampleRecords {
  /**
   * A credit of `member_id` from a paid order of `credit_package_id`, and that member's booking, paid by
   * it, of another session of `course_type_id` (the day after `course_session_id`).
   */
  member_credit_id: number;
  course_booking_id: number;
  /** That member waiting, with that credit, for a full session of the type. */
  course_waitlist_id: number;
  /** The token of that booking's link. */
  course_booking_token: string;
}

export const courseBookingExamples: Examples<typeof courseBookingPayloads> = {
  get_yoga_course_record_data_list_by_application_key_and_session_id: ({ application_key, course_session_id }) => ({
    application_key,
    session_id: course_session_id,
  }),
  get_yoga_course_record_member_data_list_by_application_key_and_session_id: ({
    application_key,
    course_session_id,
  }) => ({ application_key, session_id: course_session_id, keyword: "a" }),
  add_yoga_course_record_data: ({ application_key, course_session_id, member_id, member_credit_id }) => ({
    application_key,
    session_id: course_session_id,
    member_id,
    credit_id: member_credit_id,
  }),
  add_yoga_course_waitlist_data: ({ application_key, course_session_id, member_id, member_credit_id }) => ({
    application_key,
    session_id: course_session_id,
    member_id,
    credit_id: member_credit_id,
  }),
  update_yoga_course_waitlist_status_data_by_application_key_and_id: ({ application_key, course_waitlist_id }) => ({
    application_key,
    id: course_waitlist_id,
    status: "left",
  }),
  update_yoga_course_record_session_data_by_application_key_and_id: ({
    application_key,
    course_booking_id,
    course_session_id,
  }) => ({ application_key, id: course_booking_id, session_id: course_session_id }),
  update_yoga_course_record_status_data_by_application_key_and_id: ({ application_key, course_booking_id }) => ({
    application_key,
    id: course_booking_id,
    status: "cancelled",
  }),
  update_yoga_course_record_attendance_data_by_application_key_and_id: ({ application_key, course_booking_id }) => ({
    application_key,
    id: course_booking_id,
    attendance: "show",
  }),
  update_yoga_course_record_attendance_data_in_bulk_by_application_key_and_session_id: ({
    application_key,
    course_session_id,
  }) => ({ application_key, session_id: course_session_id }),
  get_yoga_course_record_data_and_total_number_by_sorting_and_limit: ({ application_key, member_id }) => ({
    application_key,
    member_id,
  }),
};

export const courseSelfServiceExamples: Examples<typeof courseSelfServicePayloads> = {
  get_yoga_course_record_link_data_by_token: ({ course_booking_token }) => ({ token: course_booking_token }),
  update_yoga_course_record_link_cancel_data_by_token: ({ course_booking_token }) => ({ token: course_booking_token }),
  update_yoga_course_record_link_session_data_by_token: ({ course_booking_token, course_session_id }) => ({
    token: course_booking_token,
    session_id: course_session_id,
  }),
};

import * as z from "zod";
import { instant, memberKeys } from "../promotion/contract";
import type { Examples } from "../../contract/examples";
import { crossFieldCheck, email, multilineText, optional, text } from "../../contract/field-rules";
import { linkTargetFields, refineLinkTarget, type LinkTarget, type LinkTargetInput } from "../link-target/contract";
import {
  PUSH_AUDIENCES,
  PUSH_LANGUAGES,
  PUSH_NOTIFICATION_STATUSES,
  type PUSH_DELIVERY_STATUSES,
} from "../../contract/options";
import { applicationKey, id, keyword, sorting, version } from "../../contract/parts";
import { uploadedFileUrl } from "../upload/contract";
import { PUSH_NOTIFICATION_SORTS } from "./options";

/** Push notifications (module `push_notification`): Web Push to the store website's subscribed browsers. */

export const MAX_PUSH_TITLE_LENGTH = 32;
export const MAX_PUSH_BODY_LENGTH = 100;
/** What a browser's push service hands out: an https URL, its P-256 key (65 bytes) and auth secret (16), base64url. */
const MAX_PUSH_ENDPOINT_LENGTH = 1_000;
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

export type PushNotificationStatus = (typeof PUSH_NOTIFICATION_STATUSES)[number];
export type PushAudience = (typeof PUSH_AUDIENCES)[number];
export type PushDeliveryStatus = (typeof PUSH_DELIVERY_STATUSES)[number];

/** Only drafts and scheduled pushes are edited; once it is being sent it is history. */
export const EDITABLE_PUSH_STATUSES = ["draft", "scheduled"] as const satisfies PushNotificationStatus[];
/** The moves staff make on a saved push (`update_push_notification_status_…`): send now, or cancel a scheduled one. */
export const PUSH_STATUS_MOVES = {
  sending: ["draft", "scheduled"],
  cancelled: ["scheduled"],
} as const satisfies Record<string, PushNotificationStatus[]>;
export type PushStatusMove = keyof typeof PUSH_STATUS_MOVES;

/** What saving the form does: keep a draft, send now, or schedule for `send_at`. */
export const PUSH_SAVE_MODES = ["draft", "now", "scheduled"] as const;

export const pushNotificationFields = {
  title_zh_hk: text({ max: MAX_PUSH_TITLE_LENGTH }),
  /** Empty: English browsers get the Chinese title. */
  title_en: optional(text({ max: MAX_PUSH_TITLE_LENGTH })),
  body_zh_hk: multilineText({ max: MAX_PUSH_BODY_LENGTH }),
  body_en: optional(multilineText({ max: MAX_PUSH_BODY_LENGTH })),
  image_url: optional(uploadedFileUrl()),
  /** Where tapping it takes the visitor on the store website (none: the home page). */
  ...linkTargetFields,
  audience: z.enum(PUSH_AUDIENCES, { error: "force-input" }),
  /** `specific`: the members named (code, phone or e-mail), as a coupon's. */
  members: memberKeys.default([]),
  mode: z.enum(PUSH_SAVE_MODES, { error: "force-input" }),
  /** Needed when scheduled, and later than now (`send-at-in-past`, checked by the backend); forms type it in Hong Kong time. */
  send_at: optional(instant()),
};

/** The rules between fields: a specific audience names members, a schedule has its time, a link its target. */
export function refinePushNotification(
  value: { audience: string; members: string[]; mode: string; send_at?: string } & LinkTargetInput,
  ctx: z.RefinementCtx,
) {
  refineLinkTarget(value, ctx);
  if (value.audience === "specific" && Array.isArray(value.members) && value.members.length === 0) {
    ctx.addIssue({ code: "custom", message: "force-input", path: ["members"] });
  }
  if (value.mode === "scheduled" && !value.send_at) {
    ctx.addIssue({ code: "custom", message: "force-input", path: ["send_at"] });
  }
}

const pushNotificationId = { application_key: applicationKey, id };

/**
 * The push services browsers subscribe with (Chrome and Edge's FCM, Firefox's autopush, Safari's, Windows'):
 * the Worker POSTs to a subscription's endpoint, so any other host (loopback, a private address, anyone's
 * server) is refused, or the store website's visitors could make us send requests wherever they like.
 */
const PUSH_SERVICE_HOSTS = {
  exact: ["fcm.googleapis.com"],
  subdomainsOf: ["push.services.mozilla.com", "push.apple.com", "notify.windows.com"],
};

/** Whether an endpoint is https on the default port of a known push service. */
export function isPushServiceEndpoint(endpoint: string): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.protocol !== "https:" || url.port !== "" || url.username || url.password) return false;
  return (
    PUSH_SERVICE_HOSTS.exact.includes(url.hostname) ||
    PUSH_SERVICE_HOSTS.subdomainsOf.some((domain) => url.hostname.endsWith(`.${domain}`))
  );
}

/** A browser's subscription as PushManager.subscribe() gives it (`subscription.toJSON()`). */
const subscriptionFields = {
  endpoint: z
    .url({ protocol: /^https$/, error: "url-invalid" })
    .max(MAX_PUSH_ENDPOINT_LENGTH, { error: "url-invalid" })
    .refine(isPushServiceEndpoint, { error: "push-service-not-allowed" }),
  keys: z.object({
    p256dh: z.string().regex(BASE64URL, { error: "format-not-match" }).min(86).max(88),
    auth: z.string().regex(BASE64URL, { error: "format-not-match" }).min(22).max(24),
  }),
};

export const pushNotificationPayloads = {
  get_push_notification_data_and_total_number_by_sorting_and_limit: z.object({
    application_key: applicationKey,
    ...sorting(PUSH_NOTIFICATION_SORTS),
    /** Anywhere in either title or body. */
    keyword,
    status: optional(z.enum(PUSH_NOTIFICATION_STATUSES)),
  }),
  /** The push, its members and its delivery counts. */
  get_push_notification_data_by_application_key_and_id: z.object(pushNotificationId),
  /** The newest subscribed browsers (with their member), to send a test to one. */
  get_push_subscription_data_list_by_application_key: z.object({ application_key: applicationKey }),
  add_push_notification_data: z
    .object({ application_key: applicationKey, ...pushNotificationFields })
    .check(crossFieldCheck(refinePushNotification)),
  /** A draft or scheduled push only (409 `push-notification-not-editable`). */
  update_push_notification_data_by_application_key_and_id: z
    .object({ ...pushNotificationFields, ...pushNotificationId, version })
    .check(crossFieldCheck(refinePushNotification)),
  /** Send now (a draft or scheduled push) or cancel a scheduled one, over `version`. */
  update_push_notification_status_data_by_application_key_and_id: z.object({
    ...pushNotificationId,
    version,
    status: z.enum(Object.keys(PUSH_STATUS_MOVES) as [PushStatusMove, ...PushStatusMove[]]),
  }),
  /** The push as it is saved, at once, to one subscribed browser; it counts in no result. */
  add_push_notification_test_data: z.object({ ...pushNotificationId, subscription_id: id }),
  /** A draft only. */
  delete_push_notification_data_by_application_key_and_id: z.object(pushNotificationId),
  /**
   * The store website's: the public key its service worker subscribes with (`applicationServerKey`).
   * Refused for a disabled store and a store without the module.
   */
  get_push_public_key_data_by_application_key: z.object({ application_key: applicationKey }),
  /**
   * The store website's: a browser that allowed notifications. The same endpoint again replaces its keys.
   * A member is named by id and confirmed by e-mail, as for a website order.
   */
  add_push_subscription_data: z.object({
    application_key: applicationKey,
    ...subscriptionFields,
    language: z.enum(PUSH_LANGUAGES).default("zh-HK"),
    member_id: optional(id),
    member_email: optional(email()),
  }),
};

export interface PushNotificationRecord {
  id: number;
  title_zh_hk: string;
  /** Empty when the Chinese one serves both languages. */
  title_en: string;
  body_zh_hk: string;
  body_en: string;
  image_url: string | null;
  audience: PushAudience;
  status: PushNotificationStatus;
  /** When it is (or was) to go; null for a draft. */
  send_at: string | null;
  /** When its last message went. */
  sent_at: string | null;
  recipient_count: number;
  sent_count: number;
  failed_count: number;
  /** Subscriptions its push service said were gone (404/410), removed. */
  removed_count: number;
  create_date: string;
  version: number;
}

export interface PushMember {
  id: number;
  member_code: string;
  name: string;
}

export interface PushNotificationDetail extends PushNotificationRecord {
  link: LinkTarget | null;
  members: PushMember[];
}

export interface PushSubscriptionRecord {
  id: number;
  /** The push service's host (fcm.googleapis.com…): which browser it is. */
  service: string;
  language: (typeof PUSH_LANGUAGES)[number];
  member: PushMember | null;
  create_date: string;
}

export interface PushNotificationResults {
  get_push_notification_data_and_total_number_by_sorting_and_limit: PushNotificationRecord[];
  get_push_notification_data_by_application_key_and_id: PushNotificationDetail;
  get_push_subscription_data_list_by_application_key: PushSubscriptionRecord[];
  add_push_notification_data: { id: number };
  update_push_notification_data_by_application_key_and_id: null;
  update_push_notification_status_data_by_application_key_and_id: null;
  add_push_notification_test_data: { status: PushDeliveryStatus };
  delete_push_notification_data_by_application_key_and_id: null;
  get_push_public_key_data_by_application_key: { public_key: string };
  add_push_subscription_data: { id: number };
}

export interface PushNotificationExampleRecords {
  /** A draft push (version 1), a scheduled one (version 1) and a subscribed browser of the store. */
  push_notification_id: number;
  scheduled_push_notification_id: number;
  push_subscription_id: number;
}

export const pushNotificationExamples: Examples<typeof pushNotificationPayloads> = {
  get_push_notification_data_and_total_number_by_sorting_and_limit: ({ application_key }) => ({
    application_key,
    keyword: "Sale",
    status: "draft",
  }),
  get_push_notification_data_by_application_key_and_id: ({ application_key, push_notification_id }) => ({
    application_key,
    id: push_notification_id,
  }),
  get_push_subscription_data_list_by_application_key: ({ application_key }) => ({ application_key }),
  add_push_notification_data: ({ application_key }) => ({
    application_key,
    title_zh_hk: "週末優惠",
    title_en: "Weekend sale",
    body_zh_hk: "全店八折",
    audience: "vip",
    mode: "draft",
  }),
  update_push_notification_data_by_application_key_and_id: ({
    application_key,
    push_notification_id,
    category_id,
  }) => ({
    application_key,
    id: push_notification_id,
    version: 1,
    title_zh_hk: "週末優惠",
    body_zh_hk: "全店七折",
    audience: "all",
    mode: "draft",
    link_kind: "category",
    link_category_id: category_id,
  }),
  update_push_notification_status_data_by_application_key_and_id: ({
    application_key,
    scheduled_push_notification_id,
  }) => ({ application_key, id: scheduled_push_notification_id, version: 1, status: "cancelled" }),
  add_push_notification_test_data: ({ application_key, push_notification_id, push_subscription_id }) => ({
    application_key,
    id: push_notification_id,
    subscription_id: push_subscription_id,
  }),
  delete_push_notification_data_by_application_key_and_id: ({ application_key, push_notification_id }) => ({
    application_key,
    id: push_notification_id,
  }),
  get_push_public_key_data_by_application_key: ({ application_key }) => ({ application_key }),
  add_push_subscription_data: ({ application_key }) => ({
    application_key,
    endpoint: `https://fcm.googleapis.com/fcm/send/example-${application_key}`,
    keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) },
    language: "en",
  }),
};

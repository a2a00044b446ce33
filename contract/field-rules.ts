/**
 * Field rules (spec §5) as small zod schema builders shared by the backend and conform forms.
 * Form values arrive as strings; text values are trimmed. Every message is a validation key
 * from ./messages, optionally carrying one value ("max-length:70").
 */
import * as z from "zod";
import { withRange, withValue, type ValidationKey } from "./messages";
import { isRealDate } from "./dates";
import { dollarsToCents, isWholeCents } from "./money";

/** Counter fields default to 70 characters. */
export const DEFAULT_MAX_LENGTH = 70;

/** The most money a field takes: HK$1,000,000, in cents. */
export const MAX_CENTS = 100_000_000;
export const MAX_DOLLARS = MAX_CENTS / 100;
/** The largest stock, order quantity or stock change. */
export const MAX_QUANTITY = 1_000_000;

type MaxOption = { max?: number };

const isBlank = (value: unknown) => value == null || (typeof value === "string" && value.trim() === "");

/** Makes any rule optional: blank (empty/whitespace string, null, undefined) becomes `undefined`. */
export function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (isBlank(value) ? undefined : value), schema.optional());
}
export type Optional<T extends z.ZodType> = ReturnType<typeof optional<T>>;
/** Optional, and stored as NULL when left blank. */
export const nullable = <T extends z.ZodType>(schema: T) => optional(schema).transform((value) => value ?? null);

// ---------------------------------------------------------------------------------------------
// Characters: no field takes what a person cannot see or that changes what they read. Controls (Cc:
// NUL, CR, LF, TAB, DEL, C1), format characters (Cf: the bidirectional overrides that show
// "abc\u202Egnp.exe" as "abcexe.png", zero-width spaces and joiners, the byte order mark, the soft
// hyphen, tag characters), the line and paragraph separators, and lone surrogates (Cs, in the u mode).

const HIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;
/** The same less CR, LF and TAB, which a multi-line field keeps. */
const HIDDEN_BUT_LINE_BREAKS = /(?![\t\n\r])[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;
/**
 * The one format character a person types: the zero-width joiner inside an emoji sequence (👩‍🍳 is
 * 👩 U+200D 🍳). Only between two pictographs, so it can hide nothing. Tag sequences (the flags of
 * England, Scotland and Wales) stay refused: tags can carry hidden text.
 */
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}[\p{Emoji_Modifier}\uFE0F]?)\u200D(?=\p{Extended_Pictographic})/gu;

/** Text fit for a one-line field: nothing hidden, no line break. */
export const isSingleLineText = (value: string) => !HIDDEN.test(value.replace(EMOJI_JOINER, ""));
const isMultilineText = (value: string) => !HIDDEN_BUT_LINE_BREAKS.test(value.replace(EMOJI_JOINER, ""));

/**
 * A field's later check runs only while the field has no error, so a field says one thing: a blank
 * field "force-input", not that and its format too. Not `abort: true`: that also stops the checks
 * between fields (crossFieldCheck), and a form would show those only once every field is right.
 */
export const whileValid = { when: (payload: z.core.ParsePayload) => payload.issues.length === 0 };

/**
 * Trimmed string that must not be blank ("force-input"), with nothing hidden ("invalid-characters"),
 * optionally at most `max` characters.
 */
function trimmed(max?: number, { multiline = false } = {}) {
  const schema = z
    .string({ error: "force-input" })
    .trim()
    .min(1, { error: "force-input" })
    .refine(multiline ? isMultilineText : isSingleLineText, { error: "invalid-characters", ...whileValid });
  return max === undefined ? schema : schema.max(max, { error: withValue("max-length", max), ...whileValid });
}

function pattern(re: RegExp, error: ValidationKey, max?: number) {
  return trimmed(max).regex(re, { error, ...whileValid });
}

// ---------------------------------------------------------------------------------------------
// Text

type TextOptions = MaxOption & { required?: boolean };

function textRule(multiline: boolean) {
  function rule(options?: MaxOption & { required?: true }): z.ZodString;
  function rule(options: MaxOption & { required: false }): Optional<z.ZodString>;
  function rule(options: TextOptions): z.ZodString | Optional<z.ZodString>;
  function rule({ max = DEFAULT_MAX_LENGTH, required = true }: TextOptions = {}) {
    const schema = trimmed(max, { multiline });
    return required ? schema : optional(schema);
  }
  return rule;
}

/**
 * One line of free text (names, titles, codes people type, reasons): trimmed, "force-input" when
 * blank, "invalid-characters" with a control or format character, "max-length:<max>" when longer.
 */
export const text = textRule(false);

/** Free text over several lines (descriptions): as `text`, but line breaks and tabs are kept. */
export const multilineText = textRule(true);

/**
 * A list typed one item per line (pickup addresses): blank lines dropped, each line at most `max`
 * ("max-length:<max>"), at most `maxLines` lines ("max-lines:<maxLines>"), every error on the field itself.
 */
export const lines = ({ max = DEFAULT_MAX_LENGTH, maxLines }: MaxOption & { maxLines: number }) =>
  z
    .string()
    .default("")
    .transform((value) =>
      value
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string())
        .check(
          z.refine((items) => items.every((item) => [...item].length <= max), {
            error: withValue("max-length", max),
            path: [],
          }),
        )
        .check(z.refine((items) => items.length <= maxLines, { error: withValue("max-lines", maxLines), path: [] })),
    );

/** An e-mail address, at most 254 characters (RFC 5321). */
export const email = ({ max = 254 }: MaxOption = {}) => pattern(z.regexes.email, "format-not-match", max);

const HONG_KONG_PHONE = /^[2-9]\d{7}$/;
/** Hong Kong phone: 8 digits, the first 2-9; the one phone rule of every form and action. */
export const isHongKongPhone = (value: string) => HONG_KONG_PHONE.test(value);
/** Hong Kong phone → "phone-invalid" ("8 digits starting with 2 to 9"). */
export const phone = () => pattern(HONG_KONG_PHONE, "phone-invalid");

/** ASCII letters and digits. */
export const alphanumeric = ({ max = DEFAULT_MAX_LENGTH }: MaxOption = {}) =>
  pattern(/^[A-Za-z0-9]+$/, "format-not-match", max);

/** Letters (incl. Chinese), digits, hyphen, underscore → "url-invalid". */
export const urlSlug = ({ max = DEFAULT_MAX_LENGTH }: MaxOption = {}) =>
  pattern(/^[A-Za-z0-9\p{Script=Han}_-]+$/u, "url-invalid", max);

/** URL code: Chinese, letters, digits, underscore, hyphen → "url-invalid". */
export const urlCode = urlSlug;

/** Letters, digits and - _ . ! ~ * ' ( ), not starting or ending with a hyphen → "custom-page-link-invalid". */
export const customPageLink = ({ max = DEFAULT_MAX_LENGTH }: MaxOption = {}) =>
  pattern(/^(?!-)[A-Za-z0-9_.!~*'()-]+(?<!-)$/, "custom-page-link-invalid", max);

export const MAX_WEB_ADDRESS_LENGTH = 2_000;

/** An http(s) address, or a path on the store's own website ("/sale") → "web-address-invalid". */
export const webAddress = () =>
  pattern(/^(https?:\/\/[^\s/?#]+\S*|\/(?!\/)\S*)$/i, "web-address-invalid", MAX_WEB_ADDRESS_LENGTH);

/** Names: letters, digits, - _ . ! ~ * ' ( ), space and Chinese. */
export const displayName = ({ max = DEFAULT_MAX_LENGTH }: MaxOption = {}) =>
  pattern(/^[A-Za-z0-9\p{Script=Han}\-_.!~*'() ]+$/u, "format-not-match", max);

/**
 * A new store's name as provider staff create it (the spec's rule): A-Z a-z 0-9, hyphen and space. The
 * merchant then names the store as customers know it ("陳記茶莊", "Tom's Café"), plain `text()`.
 */
export const newStoreName = ({ max = DEFAULT_MAX_LENGTH }: MaxOption = {}) =>
  pattern(/^[A-Za-z0-9 -]+$/, "format-not-match", max);

/**
 * Domain label: letters, digits and hyphen, case-insensitive (output is lower-cased); no hyphen
 * at the start or end, nor in both the 3rd and 4th positions ("xn--" style).
 */
export const domain = ({ max = DEFAULT_MAX_LENGTH }: MaxOption = {}) =>
  pattern(/^(?!-)(?!..--)[a-z0-9-]+(?<!-)$/i, "format-not-match", max).toLowerCase();

/** A web host name the store owns (shop.example.com): domain labels joined by dots, lower-cased. */
export const hostname = ({ max = 253 }: MaxOption = {}) =>
  pattern(/^((?!-)[a-z0-9-]{1,63}(?<!-)\.)+[a-z]{2,63}$/i, "format-not-match", max).toLowerCase();

/** Exactly 5 letters/digits. */
export const couponCode = () => pattern(/^[A-Za-z0-9]{5}$/, "format-not-match");

/** HH:MM, 24-hour clock. */
export const time = () => pattern(/^([01]\d|2[0-3]):[0-5]\d$/, "format-not-match");

/** YYYY-MM-DD that is a real calendar date (output stays a string). */
export const isoDate = () => trimmed().refine(isRealDate, { error: "format-not-match", ...whileValid });

/** Staff password: not trimmed, at least 8 characters with a letter and a digit → "password-rule". */
export const staffPassword = () =>
  z
    .string({ error: "force-input" })
    .min(1, { error: "force-input" })
    .refine((value) => value.length >= 8 && /[A-Za-z]/.test(value) && /\d/.test(value), {
      error: "password-rule",
      ...whileValid,
    });

// ---------------------------------------------------------------------------------------------
// Numbers: strings in, numbers out. Bad format → "format-not-match"; a minus sign on an unsigned field
// → "number-at-least:0"; a number out of its bounds says them ("number-range:<min>:<max>",
// "number-at-most:<max>").

const numeric = (re: RegExp, target: z.ZodNumber) =>
  trimmed()
    .regex(re, { error: "format-not-match", ...whileValid })
    .transform(Number)
    .pipe(target);

const unsigned = (re: RegExp, target: z.ZodNumber) =>
  trimmed()
    .regex(re, {
      error: (issue) =>
        re.test(String(issue.input).replace(/^-/, "")) ? withValue("number-at-least", 0) : "format-not-match",
      ...whileValid,
    })
    .transform(Number)
    .pipe(target);

/** Digits only. */
export const integer = () => unsigned(/^\d+$/, z.int({ error: "format-not-match" }));
/** Digits with an optional single decimal part ("1", "1.5"). */
export const decimal = () => unsigned(/^\d+(\.\d+)?$/, z.number({ error: "format-not-match" }));
/** Integer with an optional leading minus. */
export const signedInteger = () => numeric(/^-?\d+$/, z.int({ error: "format-not-match" }));
/** Decimal with an optional leading minus. */
export const signedDecimal = () => numeric(/^-?\d+(\.\d+)?$/, z.number({ error: "format-not-match" }));

/** Check for number rules: the value must be strictly greater than `bound`. Use as `integer().check(minimumNumber(0))`. */
export const minimumNumber = (bound: number) =>
  z.refine<number>((value) => value > bound, { error: withValue("minimum-number", bound) });

/** At most `bound` → "number-at-most:<bound>". */
const atMost = (bound: number) =>
  z.refine<number>((value) => value <= bound, { error: withValue("number-at-most", bound) });

/**
 * A whole number from `min` to `max` (a number already, as conform and the payloads give it): missing is
 * "force-input", not whole "format-not-match", out of bounds "number-range:<min>:<max>".
 */
export const wholeNumberBetween = (
  min: number,
  max: number,
  {
    below = withRange("number-range", min, max),
    above = withRange("number-range", min, max),
  }: { below?: string; above?: string } = {},
) =>
  z
    .int({ error: (issue) => (issue.input === undefined ? "force-input" : "format-not-match") })
    .min(min, { error: below })
    .max(max, { error: above });

/** Above 0 ("minimum-number:0") and at most 100. */
export const percentageDiscount = () => decimal().check(minimumNumber(0), atMost(100));

/** Above 0, at most MAX_DOLLARS. */
export const cashDiscount = () => decimal().check(minimumNumber(0), atMost(MAX_DOLLARS));

/** At least 0 (an unsigned decimal, so a minus sign is "format-not-match"), at most MAX_DOLLARS. */
export const minimumSubtotal = () => decimal().check(atMost(MAX_DOLLARS));

/**
 * A form's HK$ field: typed in dollars ("1234.5", at most two decimals, up to MAX_DOLLARS) and
 * carried on as integer cents, so a form's output is the action's payload as it is.
 */
export const hkdAsCents = () => hundredthsOf(MAX_DOLLARS);

/**
 * A form's number with at most two decimals, up to `max` (a percentage, a rate), carried on as
 * integer hundredths: 2.5 (%) becomes 250 (basis points).
 */
export const hundredthsOf = (max: number) =>
  decimal()
    .check(z.refine(isWholeCents, { error: "format-not-match" }), atMost(max))
    .transform(dollarsToCents);

// ---------------------------------------------------------------------------------------------
// Object checks: use as `z.object({...}).check(refinePasswordRepeat())`. Each runs once the fields
// it compares have parsed without issues (even if other fields failed) and reports on the second field.

type Fields = Record<string, unknown>;

/** A check's `when`: the fields it reads all parsed without an error (whatever the other fields did). */
export const whenFieldsValid =
  (...fields: string[]) =>
  (payload: z.core.ParsePayload) =>
    payload.issues.every((issue) => issue.path?.[0] !== undefined && !fields.includes(String(issue.path[0])));

function compareFields(
  first: string,
  second: string,
  error: ValidationKey,
  ok: (first: unknown, second: unknown) => boolean,
): z.core.$ZodCheck<Fields> {
  return z.refine<Fields>((value) => ok(value[first], value[second]), {
    error,
    path: [second],
    when: whenFieldsValid(first, second),
  });
}

/** `repeat` must equal `password` → "password-not-match" on the repeat field. */
export const refinePasswordRepeat = (password = "password", repeat = "repeat_password") =>
  compareFields(password, repeat, "password-not-match", (a, b) => a === b);

/** Fixed-width strings (YYYY-MM-DD, HH:MM) compare in order; a missing side passes. */
const notBefore = (start: unknown, end: unknown) =>
  typeof start !== "string" || typeof end !== "string" || end >= start;

/** End date (YYYY-MM-DD) not earlier than the start date → "end-date-before-start" on `endField`. */
export const refineDateRange = (startField: string, endField: string) =>
  compareFields(startField, endField, "end-date-before-start", notBefore);

/** End time (HH:MM) not earlier than the start time → "end-time-before-start" on `endField`. */
export const refineTimeRange = (startField: string, endField: string) =>
  compareFields(startField, endField, "end-time-before-start", notBefore);

/**
 * An object's check between its fields (a `superRefine`) that runs even when some field failed, which
 * zod otherwise skips, so a form shows all its errors at once. A field that failed holds what was sent,
 * so `fn` must not trust its type.
 */
export const crossFieldCheck = <T>(fn: (value: T, ctx: z.RefinementCtx<T>) => void) =>
  z.superRefine<T>(fn, { when: (payload) => typeof payload.value === "object" && payload.value !== null });

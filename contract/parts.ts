import * as z from "zod";
import { email as emailRule, MAX_CENTS, MAX_DOLLARS, optional, text, wholeNumberBetween } from "./field-rules";
import { withValue } from "./messages";
import { MODULE_IDS } from "./modules";
import { MAX_KEYWORD_LENGTH } from "./options";

/** Building blocks of action payloads, shared by every module's contract file. */
export const applicationKey = text({ max: 64 });
/** A row's id: any positive safe integer (zod's int), as the database hands them out. */
export const id = z.coerce.number().int().positive();
export const email = emailRule().toLowerCase();
/**
 * The version of the record an edit form was loaded with (every record people edit has one). The
 * backend saves the edit only over that same version, else answers 409 edited-elsewhere.
 */
export const version = z.int().positive();

// Form-friendly: an unticked checkbox group posts nothing (an empty list), an unticked box is false.
export const modules = z.array(z.enum(MODULE_IDS)).max(MODULE_IDS.length).default([]);
export const flag = z.boolean().default(false);
export const choices = <T extends string>(values: readonly [T, ...T[]]) =>
  z.array(z.enum(values)).max(values.length).default([]);
export const someOf = <T extends string>(values: readonly [T, ...T[]]) =>
  z.array(z.enum(values), { error: "force-input" }).min(1, { error: "force-input" }).max(values.length);

/** A whole number from `min` to `max`: forms send digits, which conform turns into numbers. */
export const wholeNumber = wholeNumberBetween;

/**
 * Money travels as integer cents (up to MAX_CENTS); forms and sheets convert dollars on the way in, so
 * its bounds are said in dollars.
 */
export const cents = wholeNumberBetween(0, MAX_CENTS, {
  below: withValue("number-at-least", 0),
  above: withValue("number-at-most", MAX_DOLLARS),
});

/** The last page a list pages to: beyond it a URL is junk. */
export const MAX_PAGE = 1_000_000;

/** A list's search: one line of text, or nothing. */
export const keyword = optional(text({ max: MAX_KEYWORD_LENGTH }));

/** A list's order; the first is the default. */
export const SORT_DIRECTIONS = ["DESC", "ASC"] as const;

/** A list's paging and order: `sorting` is one of `columns` (the first is the default). */
export const sorting = <S extends string>(columns: readonly [S, ...S[]]) => ({
  sorting: z.enum(columns).default(columns[0]),
  direction: z.enum(SORT_DIRECTIONS).default(SORT_DIRECTIONS[0]),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
});

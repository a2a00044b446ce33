import * as z from "zod";
import { MODULE_IDS } from "./modules";

/** Building blocks of action payloads, shared by every module's contract file. */
export const applicationKey = z.string().trim().min(1).max(64);
export const id = z.coerce.number().int().positive();
export const email = z.string().trim().toLowerCase().email().max(254);

// Form-friendly: an unticked checkbox group posts nothing (an empty list), an unticked box is false.
export const modules = z.array(z.enum(MODULE_IDS)).max(MODULE_IDS.length).default([]);
export const flag = z.boolean().default(false);
export const choices = <T extends string>(values: readonly [T, ...T[]]) => z.array(z.enum(values)).default([]);
export const someOf = <T extends string>(values: readonly [T, ...T[]]) =>
  z.array(z.enum(values), { error: "force-input" }).min(1, { error: "force-input" });

/** Money travels as integer cents; forms convert dollars on the way in. */
export const cents = z.number().int().min(0).max(100_000_000);

/** A list's paging and order: `sorting` is one of `columns` (the first is the default). */
export const sorting = <S extends string>(columns: readonly [S, ...S[]]) => ({
  sorting: z.enum(columns).default(columns[0]),
  direction: z.enum(["ASC", "DESC"]).default("DESC"),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  page: z.coerce.number().int().min(1).default(1),
});

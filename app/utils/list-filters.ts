import type * as z from "zod";

/**
 * A list call's payload without the filters its action would refuse (a category id no database holds,
 * a date that does not exist, an end before the start…): a junk filter in a URL reads as no filter, as
 * an unknown choice reads as the default, never as a refused request.
 */
export function withoutRefusedFilters<Payload extends Record<string, unknown>>(
  schema: z.ZodType,
  payload: Payload,
): Payload {
  let kept = payload;
  for (;;) {
    const result = schema.safeParse(kept);
    if (result.success) return kept;
    const refused = new Set(result.error.issues.map((issue) => issue.path[0]));
    const rest = Object.fromEntries(Object.entries(kept).filter(([name]) => !refused.has(name)));
    if (Object.keys(rest).length === Object.keys(kept).length) return kept;
    kept = rest as Payload;
  }
}

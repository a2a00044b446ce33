import { parse, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type * as z from "zod";

/**
 * Every form's conform set-up: the server's last answer, then, in the browser, the same schema the
 * server checks, on blur and as the user corrects a field. A form with steps (a button that changes the
 * form without saving it) names them in `isStep`: the browser sends those unchecked, for the server to answer.
 */
export function useZodForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: Schema,
  lastResult: SubmissionResult<string[]> | null | undefined,
  defaultValue?: Record<string, unknown>,
  { isStep }: { isStep?: (formData: FormData) => boolean } = {},
) {
  return useForm<z.input<Schema> & Record<string, unknown>, z.output<Schema>>({
    lastResult,
    defaultValue: defaultValue as never,
    // Even before hydration (and with JS off) the browser leaves checking to us, so every message
    // is the app's own, translated, next to its field.
    defaultNoValidate: true,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // No verdict (a null error) is conform's way to let a submit through unchecked.
    onValidate: ({ formData }) =>
      isStep?.(formData)
        ? parse<z.output<Schema>, string[]>(formData, { resolve: () => ({ error: null }) })
        : parseWithZod(formData, { schema }),
  });
}

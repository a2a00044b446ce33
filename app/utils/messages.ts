import type { TFunction } from "i18next";
import { parseMessage } from "#contract/messages";

/**
 * The one boundary where translation keys are plain strings: keys held as data (backend message
 * and field-rule keys, toast "ns:key" strings in the session) are not known to the type checker,
 * so they are translated here, with any page's t(). Everywhere else t() keys are typed.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTFunction = TFunction<any, any>;

type UntypedT = (key: string | string[], options?: Record<string, unknown>) => string;

/** Translates a key held as data ("ns:key", or a fallback list of them). */
export function translateKey(t: AnyTFunction, key: string | string[], options?: Record<string, unknown>): string {
  return (t as unknown as UntypedT)(key, options);
}

/** Translates a field-rule or backend message key ("key", "key:value" or a range's "key:min:max"). */
export function translateMessage(t: AnyTFunction, message: string): string {
  const { key, value } = parseMessage(message);
  const [min, max] = value?.split(":") ?? [];
  return translateKey(t, [`validation:${key}`, `message:${key}`, "message:save-fail"], { value, min, max });
}

export function translateErrors(t: AnyTFunction, errors: string[] | undefined): string | undefined {
  return errors?.length ? errors.map((error) => translateMessage(t, error)).join(" ") : undefined;
}

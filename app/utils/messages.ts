import type { TFunction } from "i18next";
import { parseMessage } from "#contract/messages";

/** Translates a field-rule or backend message key ("key" or "key:value"). */
export function translateMessage(t: TFunction, message: string): string {
  const { key, value } = parseMessage(message);
  return t([`validation:${key}`, `message:${key}`, "message:save-fail"], { value });
}

export function translateErrors(t: TFunction, errors: string[] | undefined): string | undefined {
  return errors?.length ? errors.map((error) => translateMessage(t, error)).join(" ") : undefined;
}

import { createContext, useContext } from "react";
import type * as z from "zod";

/** What an input needs of a conform field: any FieldMetadata fits, whatever its value type. */
export interface FieldLike {
  id: string;
  name: string;
  initialValue?: unknown;
  errors?: string[];
}

/** A form's fields as a module's fields component takes them: one per name in the form's schema. */
export type FormFields<Schema extends z.ZodType> = { [Name in keyof z.input<Schema>]-?: FieldLike };

/** The name of the first field the server refused in the form around (SaveForm), if any. */
export const FirstInvalidField = createContext<string | undefined>(undefined);

/** Whether the form is read-only for this user (SaveForm's `readOnly`): its step buttons are left out. */
export const ReadOnlyForm = createContext(false);

/**
 * Whether this field is the form's first refused one: it takes the focus as the page loads (autofocus,
 * in the server's HTML), so with JavaScript off the page opens at the first error, not at its top.
 */
export const useIsFirstInvalid = (field: FieldLike) => useContext(FirstInvalidField) === field.name;

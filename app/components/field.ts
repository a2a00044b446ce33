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

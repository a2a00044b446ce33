/** What an input needs of a conform field: any FieldMetadata fits, whatever its value type. */
export interface FieldLike {
  id: string;
  name: string;
  initialValue?: unknown;
  errors?: string[];
}

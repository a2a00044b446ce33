/** `nameZhHk` → `name_zh_hk`: the name a column's field has in the contract. */
export type SnakeCase<S extends string, Done extends string = ""> = S extends `${infer Head}${infer Rest}`
  ? SnakeCase<Rest, `${Done}${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}`>
  : Done;

/** A row's fields under their snake_case names. */
export type SnakeCased<T> = { [K in keyof T & string as SnakeCase<K>]: T[K] };

/**
 * Nothing when `Produced` is exactly `Wanted`'s keys with values it takes; else a property the options lack,
 * whose name and type say what is wrong (the keys unexpected or missing) in the compiler's error.
 */
type ExactlyAs<Wanted, Produced> = [Produced] extends [Wanted]
  ? [Exclude<keyof Produced, keyof Wanted>] extends [never]
    ? unknown
    : { unexpected: Exclude<keyof Produced, keyof Wanted> }
  : [Exclude<keyof Wanted, keyof Produced>] extends [never]
    ? { mismatched: Wanted }
    : { missing: Exclude<keyof Wanted, keyof Produced> };

type Renamed<T, P extends keyof T, O extends keyof T, A> = SnakeCased<Omit<Pick<T, P>, O>> & A;

/**
 * A row's (or columns') fields under their snake_case names: the `pick` ones (else all) but the `omit` ones, with
 * the fields of `add`. The record type the caller returns must have exactly these keys, so a column added to the
 * table is shown or omitted here, never passed on unseen. Without `pick`, every field the object has at run time
 * is passed on: give it rows as their query selects them, not an object with more fields than its type.
 */
export function snakeCased<
  T extends object,
  const P extends keyof T = keyof T,
  const O extends keyof T = never,
  const A extends object = Record<never, never>,
  R = Renamed<T, P, O, A>,
>(
  row: T,
  options: { pick?: readonly P[]; omit?: readonly O[]; add?: A } & ExactlyAs<R, Renamed<T, P, O, A>> = {} as never,
): R {
  const omitted = new Set<PropertyKey>(options.omit);
  const keys = (options.pick ?? Object.keys(row)) as (keyof T & string)[];
  const renamed = keys
    .filter((key) => !omitted.has(key))
    .map((key) => [key.replace(/[A-Z]/g, (upper) => `_${upper.toLowerCase()}`), row[key]]);
  return { ...Object.fromEntries(renamed), ...options.add } as R;
}

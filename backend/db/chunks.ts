/** Items in groups of `size`, so that a query per group stays under D1's 100 bound parameters. */
export function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );
}

import type { SortOption } from "~/components/list-sort";
import { translateKey, type AnyTFunction } from "~/utils/messages";

type Labels = Partial<Record<"asc" | "desc", string>>;

/**
 * A list's sort options from its sort keys (the contract's `*_SORTS`, in their order): each key's
 * object under `labels` ("<namespace>:sort", or another object of the namespace where two lists of
 * one namespace offer different directions), else under common's `sort`, names the directions
 * offered, in the order it lists them (`"create_date": { "desc": "Newest first", "asc": "Oldest
 * first" }`). A namespace labels only the keys whose words differ from common's, or whose directions
 * it offers fewer of.
 */
export function sortOptions(t: AnyTFunction, labels: string, sorts: readonly string[]): SortOption[] {
  return sorts.flatMap((sort) => {
    const texts = translateKey(t, [`${labels}.${sort}`, `common:sort.${sort}`], { returnObjects: true }) as
      Labels | string;
    if (typeof texts !== "object") return [];
    return Object.entries(texts).map(([direction, label]) => ({
      sort,
      direction: direction === "asc" ? ("ASC" as const) : ("DESC" as const),
      label: String(label),
    }));
  });
}

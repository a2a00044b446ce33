import { useTranslation } from "react-i18next";
import { isRealDate } from "#contract/dates";
import { useListData } from "~/components/list-page";
import type { PageLink } from "~/components/page-links";
import { QuerySelect, QueryTextField } from "~/components/list-table";
import { translateMessage } from "~/utils/messages";

/** The fields a list's filters repeat, for ListPage's `filters` (its GET form). */

/** A filter's value: as given, else as the list's loader read it from the URL (its `list.query`). */
function useFilterValue(name: string, value: string | undefined) {
  const query = useListData()?.query as Record<string, unknown> | undefined;
  return value ?? String(query?.[name] ?? "");
}

/** The list's search box (`?q=`). */
export function SearchFilter({ value, placeholder }: { value?: string; placeholder?: string }) {
  const { t } = useTranslation();
  return (
    <QueryTextField name="q" label={t("list.search")} value={useFilterValue("q", value)} placeholder={placeholder} />
  );
}

/** A select of one of a few values (`?status=`); the choice "all" reads `all`, the others `choiceLabel`. */
export function ChoiceFilter<Choice extends string>({
  name,
  label,
  value,
  choices,
  all,
  choiceLabel,
}: {
  name: string;
  label: string;
  value?: string;
  choices: readonly Choice[];
  all: string;
  choiceLabel: (choice: Exclude<Choice, "all">) => string;
}) {
  return (
    <QuerySelect
      name={name}
      label={label}
      value={useFilterValue(name, value)}
      options={choices.map((choice) => ({
        value: choice,
        label: choice === "all" ? all : choiceLabel(choice as Exclude<Choice, "all">),
      }))}
    />
  );
}

/** A day box (YYYY-MM-DD) of a list's filters. */
export interface DayField {
  name: string;
  label: string;
  value?: string;
}

/** The two day boxes bounding a list's dates (`?created_from=&created_to=`). */
export function DayRangeFilter({ from, to }: { from: DayField; to: DayField }) {
  const { t } = useTranslation();
  const fromValue = useFilterValue(from.name, from.value);
  const toValue = useFilterValue(to.name, to.value);
  const fromError = dayError(fromValue);
  const toError =
    dayError(toValue) ??
    (fromValue && toValue && !fromError && toValue < fromValue ? "end-date-before-start" : undefined);
  return (
    <>
      <QueryTextField
        {...from}
        value={fromValue}
        placeholder="YYYY-MM-DD"
        error={fromError && translateMessage(t, fromError)}
      />
      <QueryTextField
        {...to}
        value={toValue}
        placeholder="YYYY-MM-DD"
        error={toError && translateMessage(t, toError)}
      />
    </>
  );
}

/** A day the list leaves out of its filter is refused beside its box rather than silently ignored. */
const dayError = (value: string) => (value && !isRealDate(value) ? "format-not-match" : undefined);

/** The links to a list's spreadsheets (`<list>/export.xlsx|csv`), for the URL's search and filters. */
export function useExportLinks(listUrl: string, search: string, formats: readonly ("xlsx" | "csv")[] = ["csv"]) {
  const { t } = useTranslation();
  const labels = { xlsx: t("sheet.export-xlsx"), csv: t("sheet.export-csv") };
  return formats.map((format): PageLink => ({
    content: labels[format],
    url: `${listUrl}/export.${format}${search}`,
    external: true,
  }));
}

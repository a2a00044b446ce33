import { useLoaderData } from "@remix-run/react";
import type { IndexTableProps, PageProps } from "@shopify/polaris";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ListPagination } from "~/components/list-pagination";
import { ListSort, type SortOption } from "~/components/list-sort";
import { ListFilters, ListTable } from "~/components/list-table";
import { sortOptions } from "~/utils/sort-options";

/** What a list route's loader returns as `list` (app/server/list-page.server.ts, `load`). */
export interface ListData {
  /** Where the sorts' labels are ("<namespace>:sort"; app/utils/sort-options.ts). */
  sortLabels: string;
  sorts: readonly string[];
  query: { sort: string; direction: string; page: number };
  pageCount: number;
  /** Whether the URL narrows the list (search, filters), so that an empty page says so rather than `emptyText`. */
  filtered: boolean;
}

/** The paging and order of a list whose page spells out its sort options (ListPage's `sortOptions`). */
export interface ListPaging {
  query: ListData["query"];
  pageCount: number;
  filtered: boolean;
}

/** The `list` of a list route's loader data, where it has one. */
export function useListData(): ListData | undefined {
  return useLoaderData<{ list?: ListData }>().list;
}

/**
 * A column of a list: its heading and what each row shows in it. `figure` is a number, a day or a time
 * (tabular figures); `amount` is money (tabular figures, aligned to the end, heading too); `cell` is
 * anything else (with `alignment: "end"` when it holds an amount and more).
 */
export type ListColumn<Row> = { title: string } & (
  | { cell: (row: Row) => ReactNode; alignment?: "end" }
  | { figure: (row: Row) => ReactNode }
  | { amount: (row: Row) => ReactNode }
);

/** The list a page passes, else its loader's. */
function useList(given: ListData | ListPaging | undefined): ListData | ListPaging {
  const loaded = useListData();
  const list = given ?? loaded;
  if (!list) throw new Error("A list page's loader returns `list`, or the page passes it.");
  return list;
}

/** What a list shows: its filters, sorts, columns and rows (ListPage and ListBody). */
interface ListProps<Row> {
  /** The loader's `list` unless given. */
  list?: ListData | ListPaging;
  /** The sort select's options, where the namespace does not label the list's sorts as `sort.<key>.<direction>`. */
  sortOptions?: SortOption[];
  /** The fields of the filters' GET form. */
  filters?: ReactNode;
  resourceName: { singular: string; plural: string };
  /** What an empty list says when nothing narrows it (a narrowed one says there are no results). */
  emptyText: string;
  columns: [ListColumn<Row>, ...ListColumn<Row>[]];
  primaryColumn?: number;
  rows: Row[];
  rowId?: (row: Row) => string;
}

/**
 * A list page: its title and actions, the filters card (a GET form; omitted without filters), the
 * sort select (the list's sorts labelled from its namespace), the table and the paging. A page
 * supplies its filters and its columns.
 */
export function ListPage<Row>({
  title,
  subtitle,
  backAction,
  primaryAction,
  secondaryActions,
  before,
  ...list
}: ListProps<Row> & {
  title: string;
  subtitle?: string;
  backAction?: PageProps["backAction"];
  primaryAction?: PageProps["primaryAction"];
  secondaryActions?: PageProps["secondaryActions"];
  /** Shown above the filters (links to the module's other pages, a notice). */
  before?: ReactNode;
}) {
  return (
    <Page
      title={title}
      subtitle={subtitle}
      backAction={backAction}
      primaryAction={primaryAction}
      secondaryActions={secondaryActions}
    >
      <BlockStack gap="400">
        {before}
        <ListBody {...list} />
      </BlockStack>
    </Page>
  );
}

/** A list within a page that holds more (tabs, other views): ListPage's filters card, sorted table and paging. */
export function ListBody<Row>({
  list: given,
  sortOptions: options,
  filters,
  resourceName,
  columns,
  emptyText,
  primaryColumn = 0,
  rows,
  rowId = (row) => String((row as { id: unknown }).id),
}: ListProps<Row>) {
  const { t } = useTranslation();
  const list = useList(given);
  return (
    <>
      {filters ? (
        <Card>
          <ListFilters>{filters}</ListFilters>
        </Card>
      ) : null}
      <Card padding="0">
        <ListSort
          sort={list.query.sort}
          direction={list.query.direction}
          options={options ?? ("sortLabels" in list ? sortOptions(t, list.sortLabels, list.sorts) : [])}
        />
        <ListTable
          resourceName={resourceName}
          primaryColumn={primaryColumn}
          itemCount={rows.length}
          emptyText={list.filtered ? t("list.no-results") : emptyText}
          headings={headingsOf(columns)}
        >
          {rows.map((row, index) => {
            const id = rowId(row);
            return (
              <IndexTable.Row id={id} key={id} position={index}>
                {columns.map((column, position) => (
                  <IndexTable.Cell key={position}>{cellOf(column, row)}</IndexTable.Cell>
                ))}
              </IndexTable.Row>
            );
          })}
        </ListTable>
      </Card>
      <ListPagination page={list.query.page} pageCount={list.pageCount} />
    </>
  );
}

function headingsOf<Row>([first, ...rest]: ListProps<Row>["columns"]): IndexTableProps["headings"] {
  const heading = (column: ListColumn<Row>) => ({
    title: column.title,
    alignment: "amount" in column || ("alignment" in column && column.alignment) ? ("end" as const) : undefined,
  });
  return [heading(first), ...rest.map(heading)];
}

function cellOf<Row>(column: ListColumn<Row>, row: Row): ReactNode {
  if ("cell" in column) return column.cell(row);
  const amount = "amount" in column;
  return (
    <Text as="span" numeric alignment={amount ? "end" : undefined}>
      {amount ? column.amount(row) : column.figure(row)}
    </Text>
  );
}

/** A row's name in its list, linking to the record: what a click or a tap on the row opens. */
export function RowLink({ url, children }: { url: string; children: ReactNode }) {
  return (
    <Link url={url} dataPrimaryLink removeUnderline>
      <Text as="span" fontWeight="semibold">
        {children}
      </Text>
    </Link>
  );
}

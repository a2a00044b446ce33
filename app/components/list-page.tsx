import { useLoaderData } from "@remix-run/react";
import type { IndexTableProps, PageProps } from "@shopify/polaris";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { createElement, Fragment, isValidElement, type ReactElement, type ReactNode } from "react";
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
}

/** The paging and order of a list whose page spells out its sort options (ListPage's `sortOptions`). */
export interface ListPaging {
  query: ListData["query"];
  pageCount: number;
}

/** The `list` of a list route's loader data. */
export function useListData(): ListData {
  return useLoaderData<{ list: ListData }>().list;
}

/** What a list shows: its filters, sorts, columns and rows (ListPage and ListBody). */
interface ListProps<Row> {
  list: ListData | ListPaging;
  /** The sort select's options, where the namespace does not label the list's sorts as `sort.<key>.<direction>`. */
  sortOptions?: SortOption[];
  /** The fields of the filters' GET form. */
  filters?: ReactNode;
  resourceName: { singular: string; plural: string };
  headings: IndexTableProps["headings"];
  emptyText: string;
  primaryColumn?: number;
  rows: Row[];
  rowId?: (row: Row) => string;
  cells: (row: Row) => ReactElement;
}

/**
 * A list page: its title and actions, the filters card (a GET form; omitted without filters), the
 * sort select (the list's sorts labelled from its namespace), the table and the paging. A page
 * supplies its filters, its columns and each row's cells (IndexTable.Cell elements, in a fragment).
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
  list,
  sortOptions: options,
  filters,
  resourceName,
  headings,
  emptyText,
  primaryColumn = 0,
  rows,
  rowId = (row) => String((row as { id: unknown }).id),
  cells,
}: ListProps<Row>) {
  const { t } = useTranslation();
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
          emptyText={emptyText}
          headings={headings}
        >
          {rows.map((row, index) => {
            const id = rowId(row);
            return createElement(
              IndexTable.Row,
              { id, key: id, position: index, children: null },
              ...cellsOf(cells(row)),
            );
          })}
        </ListTable>
      </Card>
      <ListPagination page={list.query.page} pageCount={list.pageCount} />
    </>
  );
}

/** A row's cells, out of their fragment: ListTable labels each cell by its column. */
function cellsOf(element: ReactElement): ReactNode[] {
  if (isValidElement<{ children?: ReactNode }>(element) && element.type === Fragment) {
    const children = element.props.children;
    return Array.isArray(children) ? children : [children];
  }
  return [element];
}

import { Form, Link, useLocation } from "@remix-run/react";
import type { IndexTableProps, SelectOption } from "@shopify/polaris";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Select } from "@shopify/polaris/build/esm/components/Select/Select.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { Children, cloneElement, isValidElement, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { listUrl } from "~/utils/list-params";
import { QueryInput } from "./query-input";

/**
 * A read-only list table with a plain-text empty state. Its children are IndexTable.Row elements
 * whose cells follow `headings`. A page past the list's end says so and links to the first page,
 * rather than claiming the list is empty.
 *
 * On narrow screens (app.css) each row is a card: the cells up to `primaryColumn` (the row's name, and
 * a tick box or thumbnail before it) make its first line, and every other cell follows on its own
 * line after its column's heading. CSS does this, so it works without JavaScript.
 */
export function ListTable({
  resourceName,
  headings,
  itemCount,
  emptyText,
  primaryColumn = 0,
  children,
}: {
  resourceName: { singular: string; plural: string };
  headings: IndexTableProps["headings"];
  itemCount: number;
  emptyText: string;
  primaryColumn?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const pastLastPage = Number(new URLSearchParams(location.search).get("page")) > 1;
  const wrapper = useRef<HTMLDivElement>(null);
  // A table wider than the screen scrolls sideways; keyboard users reach that scroll by focusing it.
  useEffect(() => {
    for (const scroller of wrapper.current?.querySelectorAll<HTMLElement>(".Polaris-IndexTable-ScrollContainer") ??
      []) {
      scroller.tabIndex = 0;
    }
  });
  return (
    <div ref={wrapper} className="list-table">
      <IndexTable
        resourceName={resourceName}
        itemCount={itemCount}
        selectable={false}
        emptyState={
          <Text as="p" alignment="center" tone="subdued">
            {pastLastPage ? (
              <>
                {t("list.past-last-page")}{" "}
                <Link to={listUrl(location.pathname + location.search, { page: undefined })}>
                  {t("list.first-page")}
                </Link>
              </>
            ) : (
              emptyText
            )}
          </Text>
        }
        headings={headings}
      >
        {Children.map(children, (row) => labelCells(row, headings, primaryColumn))}
      </IndexTable>
    </div>
  );
}

/**
 * Gives a row's cells after the primary column their column's heading, shown only in card mode; screen
 * readers already hear the table's own headings.
 */
function labelCells(row: ReactNode, headings: IndexTableProps["headings"], primaryColumn: number): ReactNode {
  if (!isValidElement<{ children?: ReactNode }>(row)) return row;
  const cells = Children.toArray(row.props.children).map((cell, column) => {
    if (!isValidElement<{ className?: string; children?: ReactNode }>(cell)) return cell;
    if (column < primaryColumn) return cloneElement(cell, { className: "list-table__lead" });
    if (column === primaryColumn) return cloneElement(cell, { className: "list-table__primary" });
    return cloneElement(
      cell,
      { className: "list-table__labelled" },
      <span className="list-table__label" aria-hidden>
        {headings[column]?.title}
      </span>,
      <div className="list-table__value">{cell.props.children}</div>,
    );
  });
  return cloneElement(row, undefined, cells);
}

/** A list's filters as a GET form (the list stays a shareable link and works without JS), with Apply and Clear. */
export function ListFilters({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Form noValidate method="get">
      <InlineStack gap="300" blockAlign="end" wrap>
        {children}
        <Button submit>{t("list.apply")}</Button>
        <Button url={location.pathname} variant="plain">
          {t("list.clear")}
        </Button>
      </InlineStack>
    </Form>
  );
}

/** A text box in a list's GET filter form (e.g. ?q=), keeping what the URL had. */
export function QueryTextField(props: {
  name: string;
  label: string;
  value: string;
  placeholder?: string;
  error?: string;
}) {
  return (
    <div className="list-search">
      <QueryInput {...props} />
    </div>
  );
}

/** A select in a list's GET filter form, keeping what the URL had. */
export function QuerySelect({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string;
  options: SelectOption[];
}) {
  const [selected, setSelected] = useState(value);
  return <Select name={name} label={label} options={options} value={selected} onChange={setSelected} />;
}

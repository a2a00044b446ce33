import type { LinksFunction } from "@remix-run/cloudflare";
import { Form, Link } from "@remix-run/react";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import {
  useRef,
  type CSSProperties,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
} from "react";
import { useTranslation } from "react-i18next";
import { minuteAt, type GridColumnInput, type GridItemInput, type TimeGridLayout } from "#contract/time-grid";
import { QueryInput } from "~/components/query-input";
import timeGridStyles from "~/styles/time-grid.css";

/** The grid's stylesheet, for the `links` of a route that shows it. */
export const timeGridLinks: LinksFunction = () => [{ rel: "stylesheet", href: timeGridStyles }];

/** A column of the grid: a provider's (the day view) or a day's (the week view). */
export interface TimeGridColumn extends GridColumnInput {
  key: string;
  heading: string;
  /** Beside the heading, e.g. the holiday closure that closes the day. */
  note?: string;
  /** Today's column. */
  current?: boolean;
  /** A day gone by: on a phone, where the days stack, it comes after the rest. */
  past?: boolean;
}

/** A booking or a class on the grid: a link to its page. */
export interface TimeGridItem extends GridItemInput {
  id: number;
  href: string;
  /** Its lines, the first (the time) in bold. */
  lines: string[];
  /** The stripe's colour (a class's type). */
  colour?: string;
  /** Done with (a cancelled class): shown faded. */
  muted?: boolean;
  /** May be dragged to another time or column (with JS, when the page takes moves), over this version. */
  move?: { version: number };
}

export type TimeGridData = TimeGridLayout<TimeGridColumn, TimeGridItem>;
type Placed = TimeGridData["columns"][number]["items"][number];

/** Moves `item` to the `column` at `minutes` of its day (after a drag). */
export type TimeGridMove = (item: Placed, column: string, minutes: number) => void;

const DRAG_THRESHOLD_PX = 6;

/**
 * The drag of a movable item with pointer events: it follows the pointer; dropped on a column, `onMove` is told
 * where its top landed (on a quarter hour). A drag's click never opens the item's link.
 */
function useDrag(layout: TimeGridData, onMove: TimeGridMove | undefined) {
  const drag = useRef<{ item: Placed; x: number; y: number; grabY: number; moved: boolean } | null>(null);
  const justDragged = useRef(false);
  if (!onMove) return null;
  const element = (event: ReactPointerEvent<HTMLElement>) => event.currentTarget;
  return {
    onPointerDown(event: ReactPointerEvent<HTMLElement>, item: Placed) {
      if (event.button !== 0 || !item.move) return;
      const top = element(event).getBoundingClientRect().top;
      drag.current = { item, x: event.clientX, y: event.clientY, grabY: event.clientY - top, moved: false };
      element(event).setPointerCapture(event.pointerId);
    },
    onPointerMove(event: ReactPointerEvent<HTMLElement>) {
      const current = drag.current;
      if (!current) return;
      const dx = event.clientX - current.x;
      const dy = event.clientY - current.y;
      if (!current.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
      current.moved = true;
      element(event).classList.add("time-grid-item--dragging");
      element(event).style.transform = `translate(${dx}px, ${dy}px)`;
    },
    onPointerUp(event: ReactPointerEvent<HTMLElement>) {
      const current = drag.current;
      drag.current = null;
      if (!current?.moved) return;
      element(event).classList.remove("time-grid-item--dragging");
      element(event).style.transform = "";
      justDragged.current = true;
      const body = document
        .elementsFromPoint(event.clientX, event.clientY)
        .find(
          (found): found is HTMLElement => found instanceof HTMLElement && found.dataset.timeGridColumn !== undefined,
        );
      if (!body) return;
      const rect = body.getBoundingClientRect();
      const minutes = minuteAt(layout, event.clientY - current.grabY - rect.top, rect.height);
      const column = body.dataset.timeGridColumn!;
      if (column !== current.item.column || minutes !== current.item.start) onMove(current.item, column, minutes);
    },
    onPointerCancel(event: ReactPointerEvent<HTMLElement>) {
      drag.current = null;
      element(event).classList.remove("time-grid-item--dragging");
      element(event).style.transform = "";
    },
    onClick(event: ReactMouseEvent) {
      if (justDragged.current) event.preventDefault();
      justDragged.current = false;
    },
  };
}

/**
 * The calendar's day or week grid, rendered on the server from `layout` (works without JS): the columns side by
 * side (stacked on a phone), open times shaded, each item a link placed by its start and length. With `onMove`,
 * movable items can be dragged to another time or column.
 */
export function TimeGrid({ label, layout, onMove }: { label: string; layout: TimeGridData; onMove?: TimeGridMove }) {
  const drag = useDrag(layout, onMove);
  return (
    <div
      className="time-grid"
      role="group"
      aria-label={label}
      style={{ "--time-grid-columns": layout.columns.length, "--time-grid-rows": layout.rows } as CSSProperties}
    >
      {layout.columns.map((column) => (
        <section
          key={column.key}
          className={column.past ? "time-grid-column time-grid-column--past" : "time-grid-column"}
          aria-labelledby={`time-grid-${column.key}`}
          aria-current={column.current ? "date" : undefined}
        >
          <h3 className="time-grid-heading" id={`time-grid-${column.key}`}>
            <span>{column.heading}</span>
            {column.note && <span className="time-grid-note">{column.note}</span>}
          </h3>
          <div className="time-grid-body" data-time-grid-column={column.key}>
            {layout.lines.map((line) => (
              <span key={line.row} className="time-grid-time" style={{ gridRow: `${line.row} / span 6` }}>
                {line.label}
              </span>
            ))}
            {column.shaded.map((open) => (
              <div
                key={open.rowStart}
                className="time-grid-open"
                style={{ gridRow: `${open.rowStart} / ${open.rowEnd}` }}
              />
            ))}
            {column.items.map((item) => (
              <Link
                key={item.id}
                to={item.href}
                className={item.muted ? "time-grid-item time-grid-item--muted" : "time-grid-item"}
                data-movable={drag && item.move ? "" : undefined}
                style={
                  {
                    gridRow: `${item.rowStart} / ${item.rowEnd}`,
                    "--lane": item.lane,
                    "--lanes": item.lanes,
                    "--time-grid-colour": item.colour,
                  } as CSSProperties
                }
                onPointerDown={drag ? (event) => drag.onPointerDown(event, item) : undefined}
                onPointerMove={drag?.onPointerMove}
                onPointerUp={drag?.onPointerUp}
                onPointerCancel={drag?.onPointerCancel}
                onClick={drag?.onClick}
                draggable={false}
              >
                {item.lines.map((line, index) =>
                  index === 0 ? <strong key={index}>{line}</strong> : <span key={index}>{line}</span>,
                )}
              </Link>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

/**
 * The grid's navigation, links and a GET form that work without JS: previous, today, next, and a date to show
 * (`?view=<view>&date=`), with the range's heading.
 */
export function TimeGridNav({
  url,
  view,
  date,
  previous,
  next,
  heading,
}: {
  url: string;
  view: "day" | "week";
  date: string;
  previous: string;
  next: string;
  heading: string;
}) {
  const { t } = useTranslation("common");
  const at = (day?: string) => `${url}?${new URLSearchParams(day ? { view, date: day } : { view })}`;
  return (
    <Card>
      <InlineStack gap="300" align="space-between" blockAlign="end" wrap>
        <Text as="h2" variant="headingMd">
          {heading}
        </Text>
        <InlineStack gap="200" blockAlign="end" wrap>
          <Button url={at(previous)}>{t(`calendar.previous-${view}`)}</Button>
          <Button url={at()}>{t("calendar.today")}</Button>
          <Button url={at(next)}>{t(`calendar.next-${view}`)}</Button>
          <Form noValidate method="get" action={url}>
            <input type="hidden" name="view" value={view} />
            <InlineStack gap="200" blockAlign="end">
              <QueryInput name="date" label={t("calendar.date")} value={date} type="date" />
              <Button submit>{t("calendar.show")}</Button>
            </InlineStack>
          </Form>
        </InlineStack>
      </InlineStack>
    </Card>
  );
}

import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { DataTable } from "@shopify/polaris/build/esm/components/DataTable/DataTable.js";
import { InlineGrid } from "@shopify/polaris/build/esm/components/InlineGrid/InlineGrid.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { formatHkd } from "#contract/money";
import { QueryInput } from "~/components/query-input";
import { QuerySelect } from "~/components/list-table";
import type { LocationChoice } from "~/server/locations.server";
import type { SalesReport } from "#modules/sales-report/contract";
import { SALES_FIGURES } from "#modules/sales-report/options";
import { localizedName } from "#contract/localized";

type Figure = keyof SalesReport["totals"];
type Range = { from: string; to: string };

const query = ({ from, to }: Range, location: number | null) =>
  `from=${from}&to=${to}${location === null ? "" : `&location=${location}`}`;

const CHART = { width: 640, height: 200, top: 8, bottom: 8, widestBar: 48 };

/**
 * Net sales per day as bars from a zero line (refund days below it), drawn on the server, with the highest and
 * lowest values beside them. One day is not a chart: the figures above already say it.
 */
function SalesChart({ report }: { report: SalesReport }) {
  const { t } = useTranslation("sales-report");
  const values = report.days.map((day) => day.net_sales_cents);
  const high = Math.max(0, ...values);
  const low = Math.min(0, ...values);
  const span = high - low || 1;
  const usable = CHART.height - CHART.top - CHART.bottom;
  const y = (cents: number) => CHART.top + ((high - cents) / span) * usable;
  const slot = CHART.width / values.length;
  const barWidth = Math.min(slot * 0.7, CHART.widestBar);
  const label = t("chart", { from: report.from, to: report.to });
  return (
    <figure style={{ margin: 0 }}>
      <div className="sales-chart-frame">
        <div className="sales-chart-axis" aria-hidden="true">
          <Text as="span" tone="subdued" variant="bodySm">
            {formatHkd(high)}
          </Text>
          <Text as="span" tone="subdued" variant="bodySm">
            {formatHkd(low)}
          </Text>
        </div>
        <svg
          className="sales-chart"
          role="img"
          aria-label={label}
          viewBox={`0 0 ${CHART.width} ${CHART.height}`}
          preserveAspectRatio="none"
        >
          <title>{label}</title>
          {values.map((cents, index) => (
            <rect
              key={report.days[index].date}
              x={index * slot + (slot - barWidth) / 2}
              width={barWidth}
              y={Math.min(y(cents), y(0))}
              height={Math.max(Math.abs(y(cents) - y(0)), cents === 0 ? 0 : 1)}
              style={{ fill: cents < 0 ? "var(--p-color-bg-fill-critical)" : "var(--p-color-bg-fill-brand)" }}
            />
          ))}
          <line x1={0} x2={CHART.width} y1={y(0)} y2={y(0)} style={{ stroke: "var(--p-color-border)" }} />
        </svg>
      </div>
      <figcaption>
        <InlineStack align="space-between">
          <Text as="span" tone="subdued" variant="bodySm">
            {report.from}
          </Text>
          <Text as="span" tone="subdued" variant="bodySm">
            {report.to}
          </Text>
        </InlineStack>
      </figcaption>
      <table className="visually-hidden">
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">{t("date")}</th>
            <th scope="col">{t("figure.net_sales_cents")}</th>
            <th scope="col">{t("figure.orders")}</th>
          </tr>
        </thead>
        <tbody>
          {report.days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{day.date}</th>
              <td>{formatHkd(day.net_sales_cents)}</td>
              <td>{day.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

function Breakdown({ title, headings, rows }: { title: string; headings: string[]; rows: ReactNode[][] }) {
  const { t } = useTranslation("sales-report");
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h3" variant="headingSm">
          {title}
        </Text>
        {rows.length === 0 ? (
          <Text as="p" tone="subdued">
            {t("no-sales")}
          </Text>
        ) : (
          <DataTable
            columnContentTypes={headings.map((_, index) => (index === 0 ? "text" : "numeric"))}
            headings={headings}
            rows={rows}
          />
        )}
      </BlockStack>
    </Card>
  );
}

/**
 * The overview's sales: the chosen days' figures (of one location when chosen, among `locations`, which are
 * there for whoever may read them and more than one), a chart per day, and the breakdowns, all readable without JS.
 */
export function SalesSection({
  report,
  quick,
  locations,
}: {
  report: SalesReport;
  quick: Record<string, Range>;
  locations: LocationChoice[];
}) {
  const { t, i18n } = useTranslation(["sales-report", "order", "stores"]);
  const range = { from: report.from, to: report.to };
  const location = report.location_id;
  const show = (figure: Figure, cents: number) => (figure === "orders" ? String(cents) : formatHkd(cents));
  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t("sales")}
          </Text>
          <Form method="get" noValidate key={`${report.from}-${report.to}-${location}`}>
            <InlineStack gap="300" blockAlign="end" wrap>
              <QueryInput name="from" label={t("from")} value={report.from} type="date" />
              <QueryInput name="to" label={t("to")} value={report.to} type="date" />
              {locations.length > 1 && (
                <QuerySelect
                  name="location"
                  label={t("location")}
                  value={location === null ? "" : String(location)}
                  options={[{ value: "", label: t("all-locations") }, ...locations]}
                />
              )}
              <Button submit>{t("show")}</Button>
            </InlineStack>
          </Form>
          <InlineStack gap="300" wrap>
            {Object.entries(quick).map(([name, quickRange]) => (
              <Link key={name} to={`?${query(quickRange, location)}`}>
                {t(`quick.${name}` as "quick.today")}
              </Link>
            ))}
            <a href={`/my-store/sales-report.xlsx?${query(range, location)}`} download>
              {t("export-xlsx")}
            </a>
            <a href={`/my-store/sales-report.csv?${query(range, location)}`} download>
              {t("export-csv")}
            </a>
          </InlineStack>
          <Text as="p" tone="subdued" variant="bodySm">
            {t("definitions")}
          </Text>
          {locations.length > 1 && (
            <Text as="p" tone="subdued" variant="bodySm">
              {t("location-help")}
            </Text>
          )}
        </BlockStack>
      </Card>
      <InlineGrid columns={{ xs: 2, md: 3 }} gap="300">
        {SALES_FIGURES.map((figure) => (
          <Card key={figure}>
            <BlockStack gap="100">
              <Text as="h3" variant="bodySm" tone="subdued">
                {t(`figure.${figure}`)}
              </Text>
              <Text as="p" variant="headingLg">
                {show(figure, report.totals[figure])}
              </Text>
            </BlockStack>
          </Card>
        ))}
      </InlineGrid>
      <Card>
        <BlockStack gap="100">
          <Text as="h3" variant="bodySm" tone="subdued">
            {t("outstanding")}
          </Text>
          <Text as="p" variant="headingLg">
            {formatHkd(report.outstanding.total_cents)}
          </Text>
          <Text as="p" variant="bodySm" tone="subdued">
            {t("outstanding-parts", {
              giftCards: formatHkd(report.outstanding.gift_cards_cents),
              storeCredit: formatHkd(report.outstanding.store_credit_cents),
            })}
          </Text>
        </BlockStack>
      </Card>
      {report.days.length > 1 && (
        <Card>
          <SalesChart report={report} />
        </Card>
      )}
      <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
        <Breakdown
          title={t("by-payment-method")}
          headings={[t("method"), t("figure.orders"), t("amount")]}
          rows={report.by_payment_method.map((row) => [
            t(`stores:payment.${row.method}`),
            row.orders,
            formatHkd(row.amount_cents),
          ])}
        />
        <Breakdown
          title={t("by-channel")}
          headings={[t("channel"), t("figure.orders"), t("figure.gross_sales_cents"), t("amount")]}
          rows={report.by_channel.map((row) => [
            t(`order:channel.${row.channel}`),
            row.orders,
            formatHkd(row.gross_sales_cents),
            formatHkd(row.total_cents),
          ])}
        />
      </InlineGrid>
      <Breakdown
        title={t("top-products")}
        headings={[t("product"), t("quantity"), t("amount")]}
        rows={report.top_products.flatMap((product) => [
          [localizedName(product, i18n.language, "name"), product.quantity, formatHkd(product.amount_cents)],
          ...product.variants.map((variant) => [
            <span key="variant" className="sales-variant">
              {localizedName(variant, i18n.language, "variant_name")}
            </span>,
            variant.quantity,
            formatHkd(variant.amount_cents),
          ]),
        ])}
      />
    </BlockStack>
  );
}

import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Box } from "@shopify/polaris/build/esm/components/Box/Box.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { hongKongTime } from "#contract/dates";
import { formatHkd } from "#contract/money";
import type { PosShiftReport } from "#modules/pos-shift/contract";
import { ListTable } from "~/components/list-table";
import { shiftLocationName, signedHkd } from "./__shift-parts";

function Figure({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <InlineStack align="space-between" gap="200" wrap={false}>
      <Text as="span" fontWeight={strong ? "semibold" : undefined}>
        {label}
      </Text>
      <Text as="span" numeric fontWeight={strong ? "semibold" : undefined}>
        {value}
      </Text>
    </InlineStack>
  );
}

/** Where the shift's drawer is, who opened and closed the shift, and its note. */
export function ShiftInfo({ shift }: { shift: PosShiftReport["shift"] }) {
  const { t, i18n } = useTranslation("pos-shift");
  return (
    <BlockStack gap="100">
      <Text as="p" fontWeight="semibold">
        {t("info.location", { location: shiftLocationName(shift, i18n.language) ?? t("location-deleted") })}
      </Text>
      <Text as="p">{t("info.opened", { time: hongKongTime(shift.opened_at), email: shift.opened_by })}</Text>
      {shift.closed_at !== null && (
        <Text as="p">{t("info.closed", { time: hongKongTime(shift.closed_at), email: shift.closed_by ?? "" })}</Text>
      )}
      {shift.note && <Text as="p">{t("info.note", { note: shift.note })}</Text>}
    </BlockStack>
  );
}

/** The drawer's cash: float, cash sales, pay-ins, pay-outs, expected, and once closed counted and over/short. */
export function CashFigures({ report }: { report: PosShiftReport }) {
  const { t } = useTranslation("pos-shift");
  const { shift } = report;
  const closed = shift.counted_cents !== null && shift.over_short_cents !== null;
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {t("figure.heading")}
        </Text>
        <Figure label={t("figure.float")} value={formatHkd(shift.float_cents)} />
        <Figure label={t("figure.cash-sales")} value={formatHkd(report.cash_sales_cents)} />
        <Figure label={t("figure.cash-refunds")} value={`−${formatHkd(report.cash_refunds_cents)}`} />
        <Figure label={t("figure.pay-in")} value={formatHkd(report.pay_in_cents)} />
        <Figure label={t("figure.pay-out")} value={`−${formatHkd(report.pay_out_cents)}`} />
        <div data-testid="shift-expected">
          <Figure
            label={t(closed ? "figure.expected" : "figure.expected-now")}
            value={formatHkd(report.expected_cash_cents)}
            strong
          />
        </div>
        {closed && (
          <>
            <div data-testid="shift-counted">
              <Figure label={t("figure.counted")} value={formatHkd(shift.counted_cents!)} strong />
            </div>
            <div data-testid="shift-over-short">
              <Figure label={t("figure.over-short")} value={signedHkd(shift.over_short_cents!)} strong />
            </div>
          </>
        )}
        <Text as="p" tone="subdued" variant="bodySm">
          {t("figure.refunds")}
        </Text>
      </BlockStack>
    </Card>
  );
}

export function SalesByMethod({ sales }: { sales: PosShiftReport["sales"] }) {
  const { t } = useTranslation(["pos-shift", "stores"]);
  return (
    <Card padding="0">
      <BlockStack>
        <Box padding="400">
          <Text as="h2" variant="headingMd">
            {t("sales.heading")}
          </Text>
        </Box>
        <ListTable
          resourceName={{ singular: t("sales.method"), plural: t("sales.method") }}
          itemCount={sales.length}
          emptyText={t("sales.none")}
          headings={[
            { title: t("sales.method") },
            { title: t("sales.orders"), alignment: "end" },
            { title: t("sales.amount"), alignment: "end" },
          ]}
        >
          {sales.map((sale, index) => (
            <IndexTable.Row id={sale.method} key={sale.method} position={index}>
              <IndexTable.Cell>{t(`stores:payment.${sale.method}`)}</IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" alignment="end" numeric>
                  {String(sale.orders)}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" alignment="end" numeric>
                  {formatHkd(sale.amount_cents)}
                </Text>
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </ListTable>
      </BlockStack>
    </Card>
  );
}

export function Movements({ movements }: { movements: PosShiftReport["movements"] }) {
  const { t } = useTranslation("pos-shift");
  return (
    <Card padding="0">
      <BlockStack>
        <Box padding="400">
          <Text as="h2" variant="headingMd">
            {t("movements.heading")}
          </Text>
        </Box>
        <ListTable
          resourceName={{ singular: t("movements.heading"), plural: t("movements.heading") }}
          itemCount={movements.length}
          emptyText={t("movements.none")}
          headings={[
            { title: t("column.time") },
            { title: t("column.kind") },
            { title: t("column.amount"), alignment: "end" },
            { title: t("column.reason") },
            { title: t("column.by") },
          ]}
        >
          {movements.map((movement, index) => (
            <IndexTable.Row id={String(movement.id)} key={movement.id} position={index}>
              <IndexTable.Cell>
                <Text as="span" numeric>
                  {hongKongTime(movement.create_date)}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>{t(`kind.${movement.kind}`)}</IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" alignment="end" numeric>
                  {movement.kind === "pay_out"
                    ? `−${formatHkd(movement.amount_cents)}`
                    : formatHkd(movement.amount_cents)}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>{movement.reason}</IndexTable.Cell>
              <IndexTable.Cell>{movement.actor_email}</IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </ListTable>
      </BlockStack>
    </Card>
  );
}

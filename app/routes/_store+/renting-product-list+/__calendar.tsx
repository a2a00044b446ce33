import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { FormSection } from "~/components/form-section";
import { StatusBadge } from "~/components/status-badge";
import { RECORD_STATUS_TONES, recordUrl } from "../renting-record+/__renting";

const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;

export interface CalendarData {
  month: string;
  previousMonth: string;
  nextMonth: string;
  unitsOwned: number;
  /** The month's days, with blank days before the first so each week starts on Monday. */
  weeks: ({ date: string; day: number; booked: number } | null)[][];
  records: { id: number; customer: string; period: string; units: number; status: keyof typeof RECORD_STATUS_TONES }[];
}

/** The month grid of a product's bookings (Hong Kong days): each day's most units out of those owned. */
export function RentingCalendar({ calendar }: { calendar: CalendarData }) {
  const { t } = useTranslation("renting");
  return (
    <FormSection title={`${t("section.calendar")} · ${calendar.month}`}>
      <BlockStack gap="300">
        <InlineStack gap="200">
          <Button url={`?month=${calendar.previousMonth}`}>{t("calendar.previous")}</Button>
          <Button url={`?month=${calendar.nextMonth}`}>{t("calendar.next")}</Button>
        </InlineStack>
        <table className="renting-calendar" style={{ width: "100%", tableLayout: "fixed", borderCollapse: "collapse" }}>
          <thead>
            <tr>
              {WEEKDAYS.map((weekday) => (
                <th key={weekday} scope="col">
                  <Text as="span" variant="bodySm" tone="subdued">
                    {t(`calendar.weekday.${weekday}`)}
                  </Text>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {calendar.weeks.map((week, index) => (
              <tr key={index}>
                {week.map((day, column) => (
                  <td
                    key={day?.date ?? `blank-${column}`}
                    style={{ verticalAlign: "top", padding: "0.25rem", border: "1px solid var(--p-color-border)" }}
                  >
                    {day && (
                      <BlockStack gap="050">
                        <Text as="span" variant="bodySm" fontWeight="semibold">
                          {day.day}
                        </Text>
                        <Text
                          as="span"
                          variant="bodySm"
                          tone={day.booked >= calendar.unitsOwned && day.booked > 0 ? "critical" : "subdued"}
                        >
                          {t("calendar.booked", { booked: day.booked, owned: calendar.unitsOwned })}
                        </Text>
                      </BlockStack>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <Text as="h3" variant="headingSm">
          {t("calendar.records")}
        </Text>
        {calendar.records.length === 0 ? (
          <Text as="p" tone="subdued">
            {t("calendar.none")}
          </Text>
        ) : (
          <BlockStack gap="100" as="ul">
            {calendar.records.map((record) => (
              <InlineStack key={record.id} gap="200" wrap as="li">
                <Link url={recordUrl(record.id)}>{`#${record.id} ${record.customer}`}</Link>
                <Text as="span" numeric>
                  {`${record.period} × ${record.units}`}
                </Text>
                <StatusBadge tone={RECORD_STATUS_TONES[record.status]}>{t(`status.${record.status}`)}</StatusBadge>
              </InlineStack>
            ))}
          </BlockStack>
        )}
      </BlockStack>
    </FormSection>
  );
}

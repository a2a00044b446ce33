import { Form } from "@remix-run/react";
import { Box } from "@shopify/polaris/build/esm/components/Box/Box.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ListTable } from "~/components/list-table";

export interface WaitlistRow {
  id: number;
  position: number;
  name: string;
  memberId: number;
  memberCode: string;
  phone: string;
  /** The package they would pay with and what is left on it; null for a session needing no credits. */
  credit: string | null;
  joinedAt: string;
}

/** The session's waitlist (候補): who waits, in order, with the package they would pay with. */
export function Waitlist({
  rows,
  canRemove,
  memberName,
}: {
  rows: WaitlistRow[];
  canRemove: boolean;
  memberName: (row: WaitlistRow) => ReactNode;
}) {
  const { t } = useTranslation("course-booking");
  return (
    <Card padding="0">
      <BlockStack gap="0">
        <Box padding="400">
          <Text as="h2" variant="headingMd">
            {t("section.waitlist")}
          </Text>
        </Box>
        <ListTable
          resourceName={{ singular: t("waitlist-entry"), plural: t("waitlist-entries") }}
          itemCount={rows.length}
          emptyText={t("no-waitlist")}
          headings={[
            { title: t("column.position"), alignment: "end" },
            { title: t("column.member") },
            { title: t("column.package") },
            { title: t("column.waiting-since") },
            { title: t("column.actions") },
          ]}
        >
          {rows.map((row, index) => (
            <IndexTable.Row id={String(row.id)} key={row.id} position={index}>
              <IndexTable.Cell>
                <Text as="span" alignment="end" numeric>
                  {String(row.position)}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <BlockStack gap="050">
                  {memberName(row)}
                  <Text as="span" tone="subdued">
                    {[row.memberCode, row.phone].filter(Boolean).join(" · ")}
                  </Text>
                </BlockStack>
              </IndexTable.Cell>
              <IndexTable.Cell>{row.credit ?? t("no-credit-needed")}</IndexTable.Cell>
              <IndexTable.Cell>{row.joinedAt}</IndexTable.Cell>
              <IndexTable.Cell>
                {canRemove && (
                  <Form method="post" noValidate>
                    <input type="hidden" name="intent" value="leave" />
                    <input type="hidden" name="id" value={row.id} />
                    <Button
                      submit
                      size="slim"
                      tone="critical"
                      accessibilityLabel={t("remove-from-waitlist-for", { name: row.name })}
                    >
                      {t("remove-from-waitlist")}
                    </Button>
                  </Form>
                )}
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </ListTable>
      </BlockStack>
    </Card>
  );
}

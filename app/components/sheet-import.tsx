import { Form } from "@remix-run/react";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { DataTable } from "@shopify/polaris/build/esm/components/DataTable/DataTable.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PageLinks } from "~/components/page-links";
import type { ImportOutcome } from "~/server/spreadsheet.server";
import { translateMessage } from "~/utils/messages";

/**
 * A spreadsheet import's page body: the template links (`templateUrl?lang=`), the file's problems
 * (every row error by row and by column header), then the upload form with the module's `help` and its
 * own fields (`children`, posted with the file).
 */
export function SheetImport({
  templateUrl,
  help,
  outcome,
  children,
}: {
  templateUrl: string;
  help: string;
  outcome: ImportOutcome | undefined;
  children?: ReactNode;
}) {
  const { t } = useTranslation(["common"]);
  return (
    <BlockStack gap="400">
      <PageLinks
        links={[
          { content: t("sheet.template-zh-hk"), url: `${templateUrl}?lang=zh-HK`, external: true },
          { content: t("sheet.template-en"), url: `${templateUrl}?lang=en`, external: true },
        ]}
      />
      {outcome?.error && (
        <Banner tone="critical">
          <p>{translateMessage(t, outcome.error)}</p>
        </Banner>
      )}
      {outcome?.rowErrors && (
        <Banner tone="critical" title={t("sheet.failed", { count: outcome.rowErrors.length })}>
          <DataTable
            columnContentTypes={["numeric", "text", "text"]}
            headings={[t("sheet.row"), t("sheet.column"), t("sheet.problem")]}
            rows={outcome.rowErrors.map((problem) => [
              problem.row,
              problem.letter
                ? t("sheet.column-at", { column: problem.column, letter: problem.letter })
                : problem.column,
              translateMessage(t, problem.message),
            ])}
          />
        </Banner>
      )}
      <Card>
        <Form noValidate method="post" encType="multipart/form-data">
          <BlockStack gap="300">
            <Text as="p">{help}</Text>
            {children}
            <label>
              <Text as="span" visuallyHidden>
                {t("sheet.file")}
              </Text>
              <input
                type="file"
                name="file"
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                aria-label={t("sheet.file")}
              />
            </label>
            <InlineStack>
              <Button submit variant="primary">
                {t("sheet.import")}
              </Button>
            </InlineStack>
          </BlockStack>
        </Form>
      </Card>
    </BlockStack>
  );
}

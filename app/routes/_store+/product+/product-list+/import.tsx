import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { asRouteError } from "~/server/errors.server";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { DataTable } from "@shopify/polaris/build/esm/components/DataTable/DataTable.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { DEFAULT_MAX_UPLOAD_MB } from "#contract/upload-rules";
import { ActionFailure } from "~/server/action-client.server";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { requireCan } from "~/server/permissions.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageLinks } from "~/components/page-links";
import { parseProductSheet, refusedRows, type RowError } from "./__product-sheet.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { translateMessage } from "~/utils/messages";

export const handle: RouteHandle = { i18n: ["products"], parent: "/product/product-list" };
export const meta = titleMeta;

type ImportOutcome = { error?: string; rowErrors?: RowError[] };
const outcome = (value: ImportOutcome) => value;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireStore(request, context);
  requireCan(user, "product:write");
  return { title: context.t("products:title.import") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "product:write");
  const file = (await request.formData()).get("file");
  if (!(file instanceof File) || file.size === 0) return outcome({ error: "excel-empty" });
  if (file.size > DEFAULT_MAX_UPLOAD_MB * 1024 * 1024) {
    return outcome({ error: `file-size-exceed:${DEFAULT_MAX_UPLOAD_MB}` });
  }
  const { data: categories } = await client
    .get_category_data_list_by_application_key({ application_key: store.applicationKey })
    .catch(asRouteError);
  const parsed = parseProductSheet(new Uint8Array(await file.arrayBuffer()), {
    categories: categories.map((category) => ({
      id: category.id,
      name_zh_hk: category.name_zh_hk,
      name_en: category.name_en,
    })),
    locale: context.locale,
  });
  if (!parsed.ok) return outcome("rowErrors" in parsed ? { rowErrors: parsed.rowErrors } : { error: parsed.error });
  try {
    await client.add_product_data_in_batch({ application_key: store.applicationKey, rows: parsed.rows });
  } catch (error) {
    if (!(error instanceof ActionFailure) || !error.fields) throw error;
    return outcome({ rowErrors: refusedRows(parsed, error.fields) });
  }
  return redirectWithToast(
    "/product/product-list",
    { tone: "success", message: "products:imported", values: { count: parsed.rows.length } },
    request,
    context,
    { recheck: true },
  );
}

export default function ImportProducts() {
  const { t } = useTranslation(["products", "common"]);
  const { title } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: "/product/product-list" }}>
      <BlockStack gap="400">
        <PageLinks
          links={[
            { content: t("template-zh-hk"), url: "/product/product-list/template.xlsx?lang=zh-HK", external: true },
            { content: t("template-en"), url: "/product/product-list/template.xlsx?lang=en", external: true },
          ]}
        />
        {outcome?.error && (
          <Banner tone="critical">
            <p>{translateMessage(t, outcome.error)}</p>
          </Banner>
        )}
        {outcome?.rowErrors && (
          <Banner tone="critical" title={t("import-failed", { count: outcome.rowErrors.length })}>
            <DataTable
              columnContentTypes={["numeric", "text", "text"]}
              headings={[t("import-row"), t("import-column"), t("import-problem")]}
              rows={outcome.rowErrors.map((problem) => [
                problem.row,
                problem.letter
                  ? t("import-column-at", { column: problem.column, letter: problem.letter })
                  : problem.column,
                translateMessage(t, problem.message),
              ])}
            />
          </Banner>
        )}
        <Card>
          <Form noValidate method="post" encType="multipart/form-data">
            <BlockStack gap="300">
              <Text as="p">{t("import-help")}</Text>
              <label>
                <Text as="span" visuallyHidden>
                  {t("import-file")}
                </Text>
                <input
                  type="file"
                  name="file"
                  accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  aria-label={t("import-file")}
                />
              </label>
              <InlineStack>
                <Button submit variant="primary">
                  {t("import")}
                </Button>
              </InlineStack>
            </BlockStack>
          </Form>
        </Card>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { asRouteError } from "~/server/errors.server";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { requireCan } from "~/server/permissions.server";
import { importSheet } from "~/server/spreadsheet.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SheetImport } from "~/components/sheet-import";
import { PRODUCT_IMPORT_MODES } from "#modules/product/options";
import { parseProductSheet, updatedFields } from "./__product-sheet.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";

export const handle: RouteHandle = { i18n: ["product"], parent: "/product/product-list" };
export const meta = titleMeta;

type ImportMode = (typeof PRODUCT_IMPORT_MODES)[number];
const LIST_URL = "/product/product-list";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireStore(request, context);
  requireCan(user, "product:write");
  return { title: context.t("product:title.import") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "product:write");
  const form = await request.formData();
  // Anything but the update is the add, today's import: a junk value never updates products.
  const mode: ImportMode = form.get("mode") === "add_and_update" ? "add_and_update" : "add_only";
  const result = await importSheet(
    form,
    async (bytes) => {
      const { data: categories } = await client
        .get_category_data_list_by_application_key({ application_key: store.applicationKey })
        .catch(asRouteError);
      return parseProductSheet(bytes, {
        categories: categories.map((category) => ({
          id: category.id,
          name_zh_hk: category.name_zh_hk,
          name_en: category.name_en,
        })),
        locale: context.locale,
      });
    },
    (rows, sheet) =>
      client.add_product_data_in_batch({
        application_key: store.applicationKey,
        rows,
        mode,
        updated_fields: updatedFields(sheet),
        stock_reason: context.t("product:import-stock-reason"),
      }),
  );
  if (!("imported" in result)) return { ...result, mode };
  return redirectWithToast(
    LIST_URL,
    mode === "add_only"
      ? { tone: "success", message: "product:imported", values: { count: result.saved.data.added } }
      : { tone: "success", message: "product:import-done", values: result.saved.data },
    request,
    context,
    { recheck: true },
  );
}

/** Add only, or add and update: native radio buttons, so the choice posts with JS off and comes back with an error. */
function ImportModeChoice({ chosen }: { chosen: ImportMode }) {
  const { t } = useTranslation("product");
  return (
    <fieldset className="choice-group" aria-describedby="import-mode-help">
      <BlockStack gap="100">
        <legend>
          <Text as="span" variant="bodyMd" fontWeight="medium">
            {t("import-mode.label")}
          </Text>
        </legend>
        {PRODUCT_IMPORT_MODES.map((mode) => (
          <label key={mode} style={{ display: "flex", gap: "0.5rem", alignItems: "center" }}>
            <input type="radio" name="mode" value={mode} defaultChecked={chosen === mode} />
            <Text as="span">{t(`import-mode.${mode}`)}</Text>
          </label>
        ))}
        <Text as="p" tone="subdued" id="import-mode-help">
          {t("import-mode.help")}
        </Text>
      </BlockStack>
    </fieldset>
  );
}

export default function ImportProducts() {
  const { t } = useTranslation(["product", "common"]);
  const { title } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <SheetImport templateUrl={`${LIST_URL}/template.xlsx`} help={t("import-help")} outcome={outcome}>
        <ImportModeChoice chosen={outcome?.mode ?? "add_only"} />
      </SheetImport>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

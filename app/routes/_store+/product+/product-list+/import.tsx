import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { asRouteError } from "~/server/errors.server";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { requireCan } from "~/server/permissions.server";
import { importSheet } from "~/server/spreadsheet.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SheetImport } from "~/components/sheet-import";
import { parseProductSheet } from "./__product-sheet.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";

export const handle: RouteHandle = { i18n: ["product"], parent: "/product/product-list" };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireStore(request, context);
  requireCan(user, "product:write");
  return { title: context.t("product:title.import") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "product:write");
  const result = await importSheet(
    request,
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
    (rows) => client.add_product_data_in_batch({ application_key: store.applicationKey, rows }),
  );
  if (!("imported" in result)) return result;
  return redirectWithToast(
    "/product/product-list",
    { tone: "success", message: "product:imported", values: { count: result.imported } },
    request,
    context,
    { recheck: true },
  );
}

export default function ImportProducts() {
  const { t } = useTranslation(["product", "common"]);
  const { title } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: "/product/product-list" }}>
      <SheetImport templateUrl="/product/product-list/template.xlsx" help={t("import-help")} outcome={outcome} />
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

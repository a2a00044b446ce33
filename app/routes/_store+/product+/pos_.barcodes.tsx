import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { localizedLineName, localizedName } from "#contract/localized";
import { Barcode } from "~/components/barcode";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireStore } from "~/server/auth.server";
import { code128Modules } from "~/server/barcode.server";
import { asRouteError } from "~/server/errors.server";
import { requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import sheetStyles from "~/styles/sheets.css";

export const handle: RouteHandle = { i18n: ["barcodes"], parent: "/product/pos" };
export const meta = titleMeta;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: sheetStyles }];

/** The labels of one section: each code drawn as Code 128, with what it names. */
const labels = (items: { code: string; name: string }[]) =>
  items.flatMap(({ code, name }) => {
    const modules = code128Modules(code);
    return modules ? [{ code, name, modules }] : [];
  });

/** The store's codes to try the POS scanner on (or to print as labels): products, add-ons and members. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "pos:read");
  const { data } = await client
    .get_pos_barcode_data_list_by_application_key({ application_key: store.applicationKey })
    .catch(asRouteError);
  return {
    title: context.t("barcodes:title"),
    sections: [
      {
        key: "products",
        labels: labels(
          data.products.map((product) => ({
            code: product.barcode,
            name: localizedLineName(product, context.locale),
          })),
        ),
      },
      {
        key: "add-ons",
        labels: labels(
          data.add_ons.map((addOn) => ({ code: addOn.barcode, name: localizedName(addOn, context.locale, "name") })),
        ),
      },
      {
        key: "members",
        labels: labels(data.members.map((member) => ({ code: member.member_code, name: member.name }))),
      },
    ] as const,
  };
}

export default function BarcodeSheet() {
  const { t } = useTranslation("barcodes");
  const { title, sections } = useLoaderData<typeof loader>();
  return (
    <Page title={title} subtitle={t("subtitle")} backAction={{ content: t("back"), url: "/product/pos" }}>
      <BlockStack gap="400">
        {sections.map((section) => (
          <Card key={section.key}>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                {t(`section.${section.key}`)}
              </Text>
              {section.labels.length === 0 ? (
                <Text as="p" tone="subdued">
                  {t(`none.${section.key}`)}
                </Text>
              ) : (
                <ul className="barcode-sheet">
                  {section.labels.map((label) => (
                    <li key={label.code}>
                      <Text as="p" variant="bodySm">
                        {label.name}
                      </Text>
                      <Barcode modules={label.modules} code={label.code} />
                    </li>
                  ))}
                </ul>
              )}
            </BlockStack>
          </Card>
        ))}
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

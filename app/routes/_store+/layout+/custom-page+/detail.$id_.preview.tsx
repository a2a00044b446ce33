import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { localizedName } from "#contract/localized";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ActionFailure } from "~/server/action-client.server";
import { requireStore } from "~/server/auth.server";
import { asRouteError, httpError, recordId } from "~/server/errors.server";
import { requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";

const LIST_URL = "/layout/custom-page";

const detailUrl = (id: string | undefined) => `${LIST_URL}/detail/${id}`;

export const handle: RouteHandle = { i18n: ["custom-page"], parent: (params) => detailUrl(params.id) };
export const meta = titleMeta;

/** The saved page as the store website shows it: its title and its content, sanitized when it was saved. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "layout:read");
  const id = recordId(params.id);
  const { data: page } = await client
    .get_custom_page_data_by_application_key_and_id({ application_key: store.applicationKey, id })
    .catch((error: unknown) => {
      if (error instanceof ActionFailure && error.status === 404) throw httpError(404, "custom-page-not-found");
      return asRouteError(error);
    });
  const name = localizedName(page, context.locale, "title");
  return {
    title: context.t("custom-page:title.preview", { name }),
    name,
    link: `/${page.link}`,
    published: page.publish,
    content: page.content,
    detailUrl: detailUrl(String(id)),
  };
}

export default function CustomPagePreview() {
  const { t } = useTranslation(["custom-page", "common"]);
  const { title, name, link, published, content, detailUrl } = useLoaderData<typeof loader>();
  return (
    <Page title={title} subtitle={link} backAction={{ content: t("common:shell.back"), url: detailUrl }}>
      <BlockStack gap="400">
        <Banner tone={published ? "info" : "warning"}>
          <p>{t(published ? "preview-note" : "preview-draft")}</p>
        </Banner>
        <Card>
          <article className="store-page">
            <Text as="h2" variant="headingXl">
              {name}
            </Text>
            {content ? (
              // The backend kept only the safe subset of contract/rich-text.ts when the page was saved.
              <div className="rich-text" dangerouslySetInnerHTML={{ __html: content }} />
            ) : (
              <Text as="p" tone="subdued">
                {t("empty-content")}
              </Text>
            )}
          </article>
        </Card>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

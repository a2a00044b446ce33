import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { List } from "@shopify/polaris/build/esm/components/List/List.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { formatHkd } from "#contract/money";
import { POS_OFFLINE_REVIEW_STATES, type OfflineDifference } from "#modules/pos/options";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPagination } from "~/components/list-pagination";
import { OrderReference } from "~/components/order-link";
import { StatusBadge } from "~/components/status-badge";
import { ActionFailure } from "~/server/action-client.server";
import { redirectWithToast, refusalToast, requireStore } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { can, requireAdminRole, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { pageCount } from "~/utils/list-params";
import { translateKey, translateMessage, type AnyTFunction } from "~/utils/messages";
import { titleMeta } from "~/utils/meta";

export const handle: RouteHandle = { i18n: ["pos"], parent: "/product/pos" };
export const meta = titleMeta;

const REVIEW_URL = "/product/pos/offline-review";
const STATES = [...POS_OFFLINE_REVIEW_STATES, "all"] as const;
type State = (typeof STATES)[number];
const PAGE_SIZE = 20;

function listQuery(url: URL) {
  const state = url.searchParams.get("state");
  const page = Number(url.searchParams.get("page"));
  return {
    state: (STATES as readonly string[]).includes(state ?? "") ? (state as State) : "to_review",
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** The offline sales the server recorded as the devices sold them, with what differed, to be marked reviewed. */
// Who may see the list clears it: the backend's `store:pos:admin` (canReviewOfflineSales); 403 for anyone else.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "pos:write");
  requireAdminRole(user);
  const query = listQuery(new URL(request.url));
  const { data, extra } = await client
    .get_pos_offline_review_data_and_total_number_by_sorting_and_limit({
      application_key: store.applicationKey,
      state: query.state === "all" ? undefined : query.state,
      page: query.page,
      limit: PAGE_SIZE,
    })
    .catch(asRouteError);
  return {
    title: context.t("pos:offline-review.title"),
    query,
    pageCount: pageCount(extra.total_number, PAGE_SIZE),
    canReadOrders: can(user, "order:read"),
    sales: data.map((sale) => ({
      id: sale.id,
      orderId: sale.order_id,
      orderNumber: sale.order_number,
      madeAt: hongKongTime(sale.made_at),
      soldBy: sale.sold_by,
      total: formatHkd(sale.total_cents),
      differences: sale.differences,
      reviewed: sale.reviewed_at === null ? null : { at: hongKongTime(sale.reviewed_at), by: sale.reviewed_by ?? "" },
    })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "pos:write");
  requireAdminRole(user);
  const { pathname, search } = new URL(request.url);
  const id = Number((await request.formData()).get("id"));
  const toast = await client
    .update_pos_offline_review_data_by_application_key_and_id({ application_key: store.applicationKey, id })
    .then(
      () => ({ tone: "success" as const, message: "pos:offline-review.done" }),
      (error: unknown) => {
        if (error instanceof ActionFailure && error.status !== 403) return refusalToast(error.messageKey);
        throw error;
      },
    )
    .catch(asRouteError);
  return redirectWithToast(pathname + search, toast, request, context);
}

/** One difference in words: "Price changed: HK$30.00 charged, HK$35.00 now". */
function differenceText(t: AnyTFunction, language: string, difference: OfflineDifference): string {
  const name = (line: { name_zh_hk: string; name_en: string }) => localizedName(line, language, "name");
  switch (difference.kind) {
    case "price":
      return translateKey(t, "pos:offline-review.price", {
        name: name(difference),
        charged: formatHkd(difference.charged_cents),
        now: formatHkd(difference.now_cents),
      });
    case "coupon":
      return translateKey(t, "pos:offline-review.coupon", {
        code: difference.code,
        reason: translateMessage(t, difference.reason),
      });
    case "stock":
      return translateKey(t, "pos:offline-review.stock", { units: difference.short, name: name(difference) });
    case "unavailable":
      return translateKey(t, "pos:offline-review.unavailable", { name: name(difference) });
    case "total":
      return translateKey(t, "pos:offline-review.total", {
        charged: formatHkd(difference.charged_cents),
        now: formatHkd(difference.now_cents),
      });
  }
}

export default function OfflineReview() {
  const { t, i18n } = useTranslation(["pos", "common"]);
  const { title, query, pageCount: pages, canReadOrders, sales } = useLoaderData<typeof loader>();
  return (
    <Page title={title}>
      <BlockStack gap="400">
        <Text as="p" tone="subdued">
          {t("offline-review.intro")}
        </Text>
        <nav aria-label={t("offline-review.filter")}>
          <InlineStack gap="200">
            {STATES.map((state) => (
              <Button key={state} url={`${REVIEW_URL}?state=${state}`} pressed={state === query.state}>
                {t(`offline-review.state.${state}`)}
              </Button>
            ))}
          </InlineStack>
        </nav>
        {sales.length === 0 && (
          <Card>
            <Text as="p">{t("offline-review.none")}</Text>
          </Card>
        )}
        {sales.map((sale) => (
          <Card key={sale.id}>
            <BlockStack gap="200">
              <InlineStack align="space-between" blockAlign="center" gap="200">
                <Text as="h2" variant="headingMd">
                  <OrderReference
                    id={sale.orderId}
                    label={t("offline-review.order", { number: sale.orderNumber })}
                    linked={canReadOrders}
                  />
                </Text>
                <StatusBadge tone={sale.reviewed ? undefined : "attention"}>
                  {t(sale.reviewed ? "offline-review.state.reviewed" : "offline-review.state.to_review")}
                </StatusBadge>
              </InlineStack>
              <Text as="p">{t("offline-review.made", { time: sale.madeAt, by: sale.soldBy, total: sale.total })}</Text>
              <List>
                {sale.differences.map((difference, at) => (
                  <List.Item key={at}>{differenceText(t, i18n.language, difference)}</List.Item>
                ))}
              </List>
              {sale.reviewed ? (
                <Text as="p" tone="subdued">
                  {t("offline-review.reviewed", { time: sale.reviewed.at, by: sale.reviewed.by })}
                </Text>
              ) : (
                <Form method="post" noValidate>
                  <input type="hidden" name="id" value={sale.id} />
                  <Button submit>{t("offline-review.mark")}</Button>
                </Form>
              )}
            </BlockStack>
          </Card>
        ))}
        <ListPagination page={query.page} pageCount={pages} />
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

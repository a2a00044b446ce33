import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { requireConsole } from "~/server/auth.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPage } from "~/components/list-page";
import { StatusBadge } from "~/components/status-badge";
import { INTERNAL_ACCOUNT_SORTS } from "#modules/console/options";
import { loadList } from "~/server/list-page.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";

export const handle: RouteHandle = { i18n: ["provider-staff"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, client } = await requireConsole(request, context);
  const { list, rows } = await loadList(
    {
      action: "get_internal_account_data_and_total_number_by_sorting_and_limit",
      ns: "provider-staff",
      sorts: INTERNAL_ACCOUNT_SORTS,
    },
    client,
    request,
  );
  return {
    title: context.t("provider-staff:title.list"),
    workers: rows.map((worker) => ({ ...worker, isSelf: worker.id === user.accountId })),
    list,
  };
}

export default function WorkerAccountList() {
  const { t } = useTranslation(["provider-staff", "common"]);
  const { title, workers, list } = useLoaderData<typeof loader>();
  return (
    <ListPage
      list={list}
      title={title}
      primaryAction={{ content: t("add-worker"), url: "/worker-account-list/add" }}
      resourceName={{ singular: t("worker"), plural: t("workers") }}
      emptyText={t("no-workers")}
      columns={[
        {
          title: t("column.name"),
          cell: (worker) => (
            <InlineStack gap="200" blockAlign="center">
              <Link url={`/worker-account-list/${worker.id}`} dataPrimaryLink removeUnderline>
                <Text as="span" fontWeight="semibold">
                  {worker.name}
                </Text>
              </Link>
              {worker.isSelf && <StatusBadge>{t("you")}</StatusBadge>}
            </InlineStack>
          ),
        },
        { title: t("column.email"), cell: (worker) => worker.email },
        {
          title: t("column.status"),
          cell: (worker) =>
            worker.disabled ? (
              <StatusBadge tone="critical">{t("common:form.disabled")}</StatusBadge>
            ) : (
              <StatusBadge tone="success">{t("common:form.enabled")}</StatusBadge>
            ),
        },
      ]}
      rows={workers}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

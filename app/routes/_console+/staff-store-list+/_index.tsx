import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import {
  checkUser,
  commit,
  getSession,
  homeFor,
  redirectWithToast,
  refusalToast,
  requireConsole,
} from "~/server/auth.server";
import { ActionFailure } from "~/server/action-client.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPage } from "~/components/list-page";
import { StatusBadge } from "~/components/status-badge";
import { SearchFilter } from "~/components/list-filters";
import { QuerySelect } from "~/components/list-table";
import { STORE_SORTS } from "#modules/console/options";
import { httpError } from "~/server/errors.server";
import { loadList } from "~/server/list-page.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";

const FILTERS = ["all", "expiring", "expired"] as const;

export const handle: RouteHandle = { i18n: ["stores"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { client } = await requireConsole(request, context);
  const { list, query, rows } = await loadList(
    {
      action: "get_store_account_data_and_total_number_by_sorting_and_limit",
      ns: "stores",
      sorts: STORE_SORTS,
      filters: { filter: FILTERS },
      payload: (query) => ({ filter: query.filter === "all" ? undefined : query.filter }),
    },
    client,
    request,
  );
  return {
    title: context.t(query.filter === "expiring" ? "common:menu.expiring-merchants" : "stores:title.store-list"),
    stores: rows,
    list,
  };
}

/** Staff enter a customer store: its data is checked with the backend and cached in the session. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, client } = await requireConsole(request, context);
  const form = await request.formData();
  if (form.get("intent") !== "enter-store") throw httpError(400, "bad-request");
  const applicationKey = String(form.get("application_key") ?? "");
  try {
    const entered = await checkUser(client, user, applicationKey, context.now());
    const session = await getSession(request, context);
    session.set("user", entered);
    return redirect(homeFor({ ...entered, accountType: "store" }), { headers: await commit(session, context) });
  } catch (error) {
    if (!(error instanceof ActionFailure)) throw error;
    return redirectWithToast("/staff-store-list", refusalToast(error.messageKey), request, context);
  }
}

export default function StaffStoreList() {
  const { t } = useTranslation(["stores", "common"]);
  const { title, stores, list } = useLoaderData<typeof loader>();
  const { query } = list;
  return (
    <ListPage
      list={list}
      title={title}
      primaryAction={{ content: t("add-store"), url: "/staff-store-list/store-setting/add" }}
      filters={
        <>
          <SearchFilter placeholder={t("search-placeholder")} />
          <QuerySelect
            name="filter"
            label={t("list-control.filter")}
            value={query.filter}
            options={FILTERS.map((option) => ({ value: option, label: t(`filter.${option}`) }))}
          />
        </>
      }
      resourceName={{ singular: t("store"), plural: t("stores") }}
      emptyText={t("no-stores")}
      columns={[
        {
          title: t("column.store-name"),
          cell: (store) => (
            <Text as="span" fontWeight="semibold">
              {store.store_name}
            </Text>
          ),
        },
        { title: t("column.application-key"), cell: (store) => store.application_key },
        { title: t("column.sub-domain"), cell: (store) => store.sub_domain ?? "—" },
        {
          title: t("column.plan"),
          cell: (store) =>
            store.plan_type ? (
              <StatusBadge tone={store.plan_type === "trial" ? "attention" : "success"}>
                {t(`plan-type.${store.plan_type}`)}
              </StatusBadge>
            ) : (
              t("no-plan")
            ),
        },
        { title: t("column.expiry-date"), cell: (store) => store.expiry_date ?? "—" },
        {
          title: t("column.status"),
          cell: (store) => (
            <StatusBadge tone={store.disabled ? "critical" : "success"}>
              {store.disabled ? t("common:form.disabled") : t("common:form.enabled")}
            </StatusBadge>
          ),
        },
        {
          title: t("column.actions"),
          cell: (store) => (
            <InlineStack gap="200" blockAlign="center" wrap={false}>
              <Form noValidate method="post">
                <input type="hidden" name="intent" value="enter-store" />
                <input type="hidden" name="application_key" value={store.application_key} />
                <Button submit size="slim" accessibilityLabel={t("enter-store-named", { name: store.store_name })}>
                  {t("enter-store")}
                </Button>
              </Form>
              <Link
                to={`/staff-store-list/store-setting/${store.application_key}`}
                aria-label={t("store-setting-named", { name: store.store_name })}
              >
                {t("store-setting")}
              </Link>
              <Link
                to={`/staff-store-list/purchase-plan-record/${store.application_key}`}
                aria-label={t("purchase-records-named", { name: store.store_name })}
              >
                {t("purchase-records")}
              </Link>
              <Link
                to={`/staff-store-list/order-plan/add/${store.application_key}`}
                aria-label={t("order-plan-named", { name: store.store_name })}
              >
                {t("order-plan")}
              </Link>
            </InlineStack>
          ),
        },
      ]}
      rows={stores}
      rowId={(store) => store.application_key}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { Badge, Button, Card, IndexTable, Page, Pagination, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { ActionFailure } from "~/action-client.server";
import { checkUser, commit, getSession, homeFor, redirectWithToast, requireStaff } from "~/auth.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { titleMeta } from "~/utils/meta";

const PAGE_SIZE = 20;

export const handle = { i18n: ["staff"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { client } = await requireStaff(request, context);
  const page = Math.max(1, Number(new URL(request.url).searchParams.get("page")) || 1);
  const { data, extra } = await client.get_store_account_data_and_total_number_by_sorting_and_limit({
    sorting: "create_date",
    direction: "DESC",
    limit: PAGE_SIZE,
    page,
  });
  return {
    title: context.t("staff:title.store-list"),
    stores: data,
    page,
    pageCount: Math.max(1, Math.ceil(Number(extra.total_number) / PAGE_SIZE)),
  };
}

/** Staff enter a customer store: its data is checked with the backend and cached in the session. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, client } = await requireStaff(request, context);
  const form = await request.formData();
  if (form.get("intent") !== "enter-store") throw new Response("Bad Request", { status: 400 });
  const applicationKey = String(form.get("application_key") ?? "");
  try {
    const entered = await checkUser(client, user, applicationKey, context.now());
    const session = await getSession(request, context);
    session.set("user", entered);
    return redirect(homeFor({ ...entered, accountType: "store" }), { headers: await commit(session, context) });
  } catch (error) {
    if (!(error instanceof ActionFailure)) throw error;
    return redirectWithToast("/staff-store-list", { tone: "error", message: `message:${error.messageKey}` }, request, context);
  }
}

export default function StaffStoreList() {
  const { t } = useTranslation("staff");
  const { title, stores, page, pageCount } = useLoaderData<typeof loader>();
  return (
    <Page title={title}>
      <Card padding="0">
        <IndexTable
          resourceName={{ singular: t("store"), plural: t("stores") }}
          itemCount={stores.length}
          selectable={false}
          emptyState={
            <Text as="p" alignment="center" tone="subdued">
              {t("no-stores")}
            </Text>
          }
          headings={[
            { title: t("column.store-name") },
            { title: t("column.application-key") },
            { title: t("column.plan") },
            { title: t("column.expiry-date") },
            { title: t("column.actions") },
          ]}
        >
          {stores.map((store, index) => (
            <IndexTable.Row id={store.application_key} key={store.application_key} position={index}>
              <IndexTable.Cell>
                <Text as="span" fontWeight="semibold">
                  {store.store_name}
                </Text>{" "}
                {store.disabled && <Badge tone="critical">{t("disabled")}</Badge>}
              </IndexTable.Cell>
              <IndexTable.Cell>{store.application_key}</IndexTable.Cell>
              <IndexTable.Cell>
                {store.plan_type ? <Badge tone={store.plan_type === "trial" ? "attention" : "success"}>{t(`plan-type.${store.plan_type}`)}</Badge> : t("no-plan")}
              </IndexTable.Cell>
              <IndexTable.Cell>{store.expiry_date ?? "—"}</IndexTable.Cell>
              <IndexTable.Cell>
                <Form method="post">
                  <input type="hidden" name="intent" value="enter-store" />
                  <input type="hidden" name="application_key" value={store.application_key} />
                  <Button submit size="slim" accessibilityLabel={t("enter-store-named", { name: store.store_name })}>
                    {t("enter-store")}
                  </Button>
                </Form>
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </IndexTable>
      </Card>
      {pageCount > 1 && (
        <Pagination
          hasPrevious={page > 1}
          previousURL={`?page=${page - 1}`}
          hasNext={page < pageCount}
          nextURL={`?page=${page + 1}`}
          label={t("page-of", { page, count: pageCount })}
        />
      )}
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

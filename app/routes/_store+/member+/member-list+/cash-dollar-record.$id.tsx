import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { cashDollarAdjustmentFields, cashDollarAsCents } from "#modules/cash-dollar/contract";
import { CASH_DOLLAR_RECORD_SORTS } from "#modules/cash-dollar/options";
import { hongKongTime } from "#contract/dates";
import { formatCashDollarAmount } from "#contract/money";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPagination } from "~/components/list-pagination";
import { ListTable } from "~/components/list-table";
import { SaveForm } from "~/components/save-form";
import { TextInputPair } from "~/components/text-input";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { asRouteError, recordId } from "~/server/errors.server";
import { submitForm } from "~/server/forms.server";
import { can, requireCan } from "~/server/permissions.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { pageCount } from "~/utils/list-params";
import { listPayload, readListQuery } from "~/utils/list-query.server";
import { titleMeta } from "~/utils/meta";
import { LIST_URL } from "./__member-form";

/** The adjustment as the form posts it: the amount in cash dollars (to cents), and the reason. */
const adjustmentFormSchema = z.object({ amount_cents: cashDollarAsCents(), reason: cashDollarAdjustmentFields.reason });

const LIST_OPTIONS = { sorts: CASH_DOLLAR_RECORD_SORTS } as const;

export const handle: RouteHandle = { i18n: ["member"], parent: LIST_URL };
export const meta = titleMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "member:read");
  const query = readListQuery(new URL(request.url), LIST_OPTIONS);
  const { keyword: _keyword, ...paging } = listPayload(query);
  const { data, extra } = await client
    .get_cash_dollar_record_data_and_total_number_by_sorting_and_limit({
      application_key: store.applicationKey,
      member_id: recordId(params.id),
      ...paging,
    })
    .catch(asRouteError);
  return {
    title: context.t("member:cash-dollar.title"),
    subtitle: `${data.member.member_code} · ${data.member.name}`,
    memberId: data.member.id,
    balanceCents: data.member.cash_dollar_cents,
    enabled: data.cash_dollar_enabled,
    records: data.records.map((record) => ({ ...record, time: hongKongTime(record.create_date) })),
    page: query.page,
    pageCount: pageCount(extra.total_number, query.pageSize),
    canWrite: can(user, "member:write"),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "member:write");
  const memberId = recordId(params.id);
  const submitted = await submitForm(await request.formData(), adjustmentFormSchema, (value) =>
    client.add_cash_dollar_record_data({ application_key: store.applicationKey, member_id: memberId, ...value }),
  );
  if (!submitted.saved) return submitted.reply;
  // Back to the first page, where the new change is.
  return redirectWithToast(
    new URL(request.url).pathname,
    { tone: "success", message: "member:cash-dollar.adjusted" },
    request,
    context,
  );
}

/** "CD$12.50", "−CD$1.00" with `signed` "+CD$5.00": the unit as the locale writes it. */
function useCashDollar() {
  const { t } = useTranslation("member");
  return (cents: number, signed = false) => {
    const sign = cents < 0 ? "−" : signed && cents > 0 ? "+" : "";
    return `${sign}${t("cash-dollar.money", { value: formatCashDollarAmount(cents) })}`;
  };
}

function AdjustForm() {
  const { t } = useTranslation("member");
  const [form, fields] = useZodForm(adjustmentFormSchema, useActionData<typeof action>());
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("cash-dollar.adjust")}
        </Text>
        <SaveForm form={form} submitLabel={t("cash-dollar.adjust-submit")}>
          <FormLayout>
            <TextInputPair
              fields={[
                {
                  field: fields.amount_cents,
                  label: t("cash-dollar.field.amount"),
                  helpText: t("cash-dollar.help.amount"),
                },
                { field: fields.reason, label: t("cash-dollar.field.reason") },
              ]}
            />
          </FormLayout>
        </SaveForm>
      </BlockStack>
    </Card>
  );
}

export default function CashDollarRecord() {
  const { t } = useTranslation(["member", "common"]);
  const { title, subtitle, memberId, balanceCents, enabled, records, page, pageCount, canWrite } =
    useLoaderData<typeof loader>();
  const cashDollar = useCashDollar();
  const back = { content: t("common:shell.back"), url: `${LIST_URL}/detail/${memberId}` };
  if (!enabled) {
    return (
      <Page title={title} subtitle={subtitle} backAction={back}>
        <Banner tone="info">
          <p>{t("cash-dollar.not-in-use")}</p>
        </Banner>
      </Page>
    );
  }
  return (
    <Page title={title} subtitle={subtitle} backAction={back}>
      <BlockStack gap="400">
        <Card>
          <BlockStack gap="100">
            <Text as="h2" variant="headingMd">
              {t("cash-dollar.balance")}
            </Text>
            <Text as="p" variant="headingXl" numeric>
              <span data-testid="cash-dollar-balance">{cashDollar(balanceCents)}</span>
            </Text>
          </BlockStack>
        </Card>
        {/* Keyed by the newest change, so after an adjustment the form starts over empty. */}
        {canWrite && <AdjustForm key={records[0]?.id ?? 0} />}
        <Card padding="0">
          <ListTable
            resourceName={{ singular: t("cash-dollar.record"), plural: t("cash-dollar.records") }}
            itemCount={records.length}
            emptyText={t("cash-dollar.no-records")}
            headings={[
              { title: t("cash-dollar.column.time") },
              { title: t("cash-dollar.column.action") },
              { title: t("cash-dollar.column.amount"), alignment: "end" },
              { title: t("cash-dollar.column.balance-after"), alignment: "end" },
              { title: t("cash-dollar.column.actor") },
              { title: t("cash-dollar.column.reason") },
            ]}
          >
            {records.map((record, index) => (
              <IndexTable.Row id={String(record.id)} key={record.id} position={index}>
                <IndexTable.Cell>
                  <Text as="span" numeric>
                    {record.time}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  {t(`cash-dollar.action.${record.action}`)}
                  {record.order_number !== null && ` · ${t("cash-dollar.order", { number: record.order_number })}`}
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>
                    {cashDollar(record.amount_cents, true)}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>
                    {cashDollar(record.balance_after_cents)}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>{record.actor_email}</IndexTable.Cell>
                <IndexTable.Cell>{record.reason ?? ""}</IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </ListTable>
        </Card>
        <ListPagination page={page} pageCount={pageCount} />
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { storeCreditAdjustmentFields, storeCreditAsCents } from "#modules/member/contract";
import { STORE_CREDIT_ENTRY_SORTS } from "#modules/member/options";
import { hongKongTime } from "#contract/dates";
import { formatHkd } from "#contract/money";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPagination } from "~/components/list-pagination";
import { ListTable } from "~/components/list-table";
import { OrderReference } from "~/components/order-link";
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

/** The adjustment as the form posts it: the amount in HK$ (to cents), and the reason. */
const adjustmentFormSchema = z.object({
  amount_cents: storeCreditAsCents(),
  reason: storeCreditAdjustmentFields.reason,
});

const LIST_OPTIONS = { sorts: STORE_CREDIT_ENTRY_SORTS } as const;

export const handle: RouteHandle = { i18n: ["member"], parent: LIST_URL };
export const meta = titleMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "member:read");
  const query = readListQuery(new URL(request.url), LIST_OPTIONS);
  const { keyword: _keyword, ...paging } = listPayload(query);
  const { data, extra } = await client
    .get_store_credit_entry_data_and_total_number_by_sorting_and_limit({
      application_key: store.applicationKey,
      member_id: recordId(params.id),
      ...paging,
    })
    .catch(asRouteError);
  return {
    title: context.t("member:store-credit.title"),
    subtitle: `${data.member.member_code} · ${data.member.name}`,
    memberId: data.member.id,
    balanceCents: data.member.store_credit_cents,
    entries: data.entries.map((entry) => ({ ...entry, time: hongKongTime(entry.create_date) })),
    page: query.page,
    pageCount: pageCount(extra.total_number, query.pageSize),
    canWrite: can(user, "member:write"),
    canReadOrders: can(user, "order:read"),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "member:write");
  const memberId = recordId(params.id);
  const submitted = await submitForm(await request.formData(), adjustmentFormSchema, (value) =>
    client.add_store_credit_entry_data({ application_key: store.applicationKey, member_id: memberId, ...value }),
  );
  if (!submitted.saved) return submitted.reply;
  // Back to the first page, where the new change is.
  return redirectWithToast(
    new URL(request.url).pathname,
    { tone: "success", message: "member:store-credit.adjusted" },
    request,
    context,
  );
}

/** "+HK$5.00", "−HK$1.00": a change with its sign. */
const signedHkd = (cents: number) => `${cents < 0 ? "−" : "+"}${formatHkd(Math.abs(cents))}`;

function AdjustForm() {
  const { t } = useTranslation("member");
  const [form, fields] = useZodForm(adjustmentFormSchema, useActionData<typeof action>());
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("store-credit.adjust")}
        </Text>
        <SaveForm form={form} submitLabel={t("store-credit.adjust-submit")}>
          <FormLayout>
            <TextInputPair
              fields={[
                {
                  field: fields.amount_cents,
                  label: t("store-credit.field.amount"),
                  helpText: t("store-credit.help.amount"),
                },
                { field: fields.reason, label: t("store-credit.field.reason") },
              ]}
            />
          </FormLayout>
        </SaveForm>
      </BlockStack>
    </Card>
  );
}

export default function StoreCreditRecord() {
  const { t } = useTranslation(["member", "common"]);
  const { title, subtitle, memberId, balanceCents, entries, page, pageCount, canWrite, canReadOrders } =
    useLoaderData<typeof loader>();
  return (
    <Page
      title={title}
      subtitle={subtitle}
      backAction={{ content: t("common:shell.back"), url: `${LIST_URL}/detail/${memberId}` }}
    >
      <BlockStack gap="400">
        <Card>
          <BlockStack gap="100">
            <Text as="h2" variant="headingMd">
              {t("store-credit.balance")}
            </Text>
            <Text as="p" variant="headingXl" numeric>
              <span data-testid="store-credit-balance">{formatHkd(balanceCents)}</span>
            </Text>
          </BlockStack>
        </Card>
        {/* Keyed by the newest change, so after an adjustment the form starts over empty. */}
        {canWrite && <AdjustForm key={entries[0]?.id ?? 0} />}
        <Card padding="0">
          <ListTable
            resourceName={{ singular: t("store-credit.entry"), plural: t("store-credit.entries") }}
            itemCount={entries.length}
            emptyText={t("store-credit.no-entries")}
            headings={[
              { title: t("store-credit.column.time") },
              { title: t("store-credit.column.kind") },
              { title: t("store-credit.column.amount"), alignment: "end" },
              { title: t("store-credit.column.balance-after"), alignment: "end" },
              { title: t("store-credit.column.actor") },
              { title: t("store-credit.column.reason") },
            ]}
          >
            {entries.map((entry, index) => (
              <IndexTable.Row id={String(entry.id)} key={entry.id} position={index}>
                <IndexTable.Cell>
                  <Text as="span" numeric>
                    {entry.time}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  {t(`store-credit.kind.${entry.kind}`)}
                  {entry.order_id !== null && entry.order_number !== null && (
                    <>
                      {" · "}
                      <OrderReference
                        id={entry.order_id}
                        label={t("store-credit.order", { number: entry.order_number })}
                        linked={canReadOrders}
                      />
                    </>
                  )}
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>
                    {signedHkd(entry.amount_cents)}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>
                    {formatHkd(entry.balance_after_cents)}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>{entry.actor_email}</IndexTable.Cell>
                <IndexTable.Cell>{entry.reason ?? ""}</IndexTable.Cell>
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

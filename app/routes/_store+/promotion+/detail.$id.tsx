import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { COUPON_REDEMPTIONS_SHOWN } from "#modules/promotion/contract";
import { hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { formatHkd } from "#contract/money";
import { DeletableRecord, isConfirmingDelete } from "~/components/delete-record";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListTable } from "~/components/list-table";
import { SaveForm } from "~/components/save-form";
import { requireStore } from "~/server/auth.server";
import { asRouteError, recordId } from "~/server/errors.server";
import { can, requireCan } from "~/server/permissions.server";
import { editPageAction } from "~/server/record-pages.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { COUPON_UPLOADS, CouponFields, couponFormValues, editCouponFormSchema, LIST_URL } from "./__coupon-form";

export const handle: RouteHandle = { i18n: ["promotion"], parent: LIST_URL };
export const meta = titleMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "promotion:read");
  const { data: coupon } = await client
    .get_coupon_data_by_application_key_and_id({ application_key: store.applicationKey, id: recordId(params.id) })
    .catch(asRouteError);
  const canWrite = can(user, "promotion:write");
  return {
    title: context.t("promotion:title.edit"),
    name: localizedName(coupon, context.locale, "title"),
    used:
      coupon.usage_limit === null
        ? context.t("promotion:used-unlimited", { used: coupon.times_used })
        : context.t("promotion:used-of-limit", { used: coupon.times_used, limit: coupon.usage_limit }),
    redemptions: coupon.redemptions.map((redemption) => ({
      id: redemption.id,
      member: redemption.member && `${redemption.member.member_code} ${redemption.member.name}`,
      orderId: redemption.order_id,
      discount: formatHkd(redemption.discount_cents),
      date: hongKongTime(redemption.create_date),
    })),
    moreRedemptions: coupon.times_used > coupon.redemptions.length,
    defaultValue: couponFormValues(coupon),
    canWrite,
    // A used coupon keeps its redemptions: it can be disabled, not deleted.
    canDelete: canWrite && coupon.times_used === 0,
    confirmingDelete: canWrite && coupon.times_used === 0 && isConfirmingDelete(request),
  };
}

export const action = (args: ActionFunctionArgs) =>
  editPageAction(args, {
    module: "promotion",
    schema: editCouponFormSchema,
    update: (client, payload) => client.update_coupon_data_by_application_key_and_id(payload),
    remove: (client, key) => client.delete_coupon_data_by_application_key_and_id(key),
    uploads: COUPON_UPLOADS,
    listUrl: LIST_URL,
    deleted: "promotion:deleted",
  });

export default function EditCoupon() {
  const { t } = useTranslation(["promotion", "common"]);
  const { title, name, used, redemptions, moreRedemptions, defaultValue, canWrite, canDelete, confirmingDelete } =
    useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(editCouponFormSchema, useActionData<typeof action>(), defaultValue);
  return (
    <Page title={title} subtitle={used} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <BlockStack gap="400">
        <DeletableRecord
          name={name}
          consequence={t("delete-consequence")}
          confirming={confirmingDelete}
          canDelete={canDelete}
        >
          <SaveForm form={form} encType="multipart/form-data" readOnly={!canWrite} version={fields.version}>
            <CouponFields fields={fields} />
          </SaveForm>
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">
                {t("redemptions.title")}
              </Text>
              <ListTable
                resourceName={{ singular: t("redemptions.one"), plural: t("redemptions.many") }}
                itemCount={redemptions.length}
                emptyText={t("redemptions.none")}
                headings={[
                  { title: t("redemptions.member") },
                  { title: t("redemptions.order") },
                  { title: t("redemptions.discount") },
                  { title: t("redemptions.date") },
                ]}
              >
                {redemptions.map((redemption, index) => (
                  <IndexTable.Row id={String(redemption.id)} key={redemption.id} position={index}>
                    <IndexTable.Cell>{redemption.member ?? t("redemptions.guest")}</IndexTable.Cell>
                    <IndexTable.Cell>
                      {redemption.orderId === null ? t("redemptions.no-order") : `#${redemption.orderId}`}
                    </IndexTable.Cell>
                    <IndexTable.Cell>
                      <Text as="span" numeric>
                        {redemption.discount}
                      </Text>
                    </IndexTable.Cell>
                    <IndexTable.Cell>
                      <Text as="span" numeric>
                        {redemption.date}
                      </Text>
                    </IndexTable.Cell>
                  </IndexTable.Row>
                ))}
              </ListTable>
              {moreRedemptions && (
                <Text as="p" tone="subdued">
                  {t("redemptions.newest-shown", { count: COUPON_REDEMPTIONS_SHOWN })}
                </Text>
              )}
            </BlockStack>
          </Card>
        </DeletableRecord>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { formatHkd } from "#contract/money";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListTable } from "~/components/list-table";
import { PageLinks } from "~/components/page-links";
import { SaveForm } from "~/components/save-form";
import { StatusBadge } from "~/components/status-badge";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { asRouteError, recordId } from "~/server/errors.server";
import { submitForm } from "~/server/forms.server";
import { can, requireCan } from "~/server/permissions.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { editMemberFormSchema, LIST_URL, MemberFields, memberFormValues } from "./__member-form";

export const handle: RouteHandle = {
  i18n: ["member", "promotion", "course-booking", "monthly-fee"],
  parent: "/member/member-list",
};
export const meta = titleMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "member:read");
  const { data: member } = await client
    .get_member_data_by_application_key_and_id({ application_key: store.applicationKey, id: recordId(params.id) })
    .catch(asRouteError);
  return {
    title: context.t("member:title.edit"),
    subtitle: `${member.member_code} · ${member.name}`,
    hasVip: store.plan?.hasVip ?? false,
    // The ledger's page says itself whether the store's setting has cash dollar on.
    cashDollarUrl: store.plan?.hasCashDollar ? `${LIST_URL}/cash-dollar-record/${member.id}` : null,
    storeCredit: {
      url: `${LIST_URL}/store-credit-record/${member.id}`,
      balance: formatHkd(member.store_credit_cents),
    },
    courseRecordUrl: can(user, "credit_package:read") ? `${LIST_URL}/yoga-course-record/${member.id}` : null,
    monthlyFeeUrl: can(user, "monthly_fee:read") ? `/monthly-fee-record/user/${member.id}` : null,
    defaultValue: memberFormValues(member),
    canWrite: can(user, "member:write"),
    showCoupons: store.modules.includes("promotion") || member.coupons.length > 0,
    coupons: member.coupons.map((coupon) => ({
      id: coupon.id,
      code: coupon.code,
      title: localizedName(coupon, context.locale, "title"),
      birthday: coupon.source === "birthday",
      state: coupon.used ? ("used" as const) : coupon.status,
      expiresAt: hongKongTime(coupon.expires_at),
    })),
    // Sales staff see a member's coupons to redeem them, but only who may read promotions opens one.
    couponUrl: can(user, "promotion:read") ? "/promotion/detail/" : null,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "member:write");
  const key = { application_key: store.applicationKey, id: recordId(params.id) };
  const submitted = await submitForm(await request.formData(), editMemberFormSchema, (value) =>
    client.update_member_data_by_application_key_and_id({ ...key, ...value }),
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(LIST_URL, { tone: "success", message: "common:form.saved" }, request, context);
}

export default function MemberDetail() {
  const { t } = useTranslation(["member", "common", "course-booking", "monthly-fee"]);
  const {
    title,
    subtitle,
    hasVip,
    cashDollarUrl,
    storeCredit,
    courseRecordUrl,
    monthlyFeeUrl,
    defaultValue,
    canWrite,
    showCoupons,
    coupons,
    couponUrl,
  } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(editMemberFormSchema, useActionData<typeof action>(), defaultValue);
  return (
    <Page title={title} subtitle={subtitle} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <BlockStack gap="400">
        <PageLinks
          links={[
            ...(cashDollarUrl ? [{ content: t("cash-dollar.link"), url: cashDollarUrl }] : []),
            { content: t("store-credit.link", { balance: storeCredit.balance }), url: storeCredit.url },
            ...(courseRecordUrl ? [{ content: t("course-booking:record.link"), url: courseRecordUrl }] : []),
            ...(monthlyFeeUrl ? [{ content: t("monthly-fee:member-records-link"), url: monthlyFeeUrl }] : []),
          ]}
        />
        <SaveForm form={form} readOnly={!canWrite} version={fields.version}>
          <MemberFields fields={fields} hasVip={hasVip} />
        </SaveForm>
        {showCoupons && <MemberCoupons coupons={coupons} couponUrl={couponUrl} />}
      </BlockStack>
    </Page>
  );
}

const COUPON_TONES = {
  active: "success",
  scheduled: "info",
  expired: undefined,
  used_up: undefined,
  disabled: "critical",
  used: undefined,
} as const;

function MemberCoupons({
  coupons,
  couponUrl,
}: Pick<ReturnType<typeof useLoaderData<typeof loader>>, "coupons" | "couponUrl">) {
  const { t } = useTranslation(["member", "promotion"]);
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {t("coupons.title")}
        </Text>
        <ListTable
          resourceName={{ singular: t("promotion:coupon"), plural: t("promotion:coupons") }}
          primaryColumn={1}
          itemCount={coupons.length}
          emptyText={t("coupons.none")}
          headings={[
            { title: t("promotion:column.code") },
            { title: t("promotion:column.title") },
            { title: t("coupons.expires") },
            { title: t("promotion:column.status") },
          ]}
        >
          {coupons.map((coupon, index) => (
            <IndexTable.Row id={String(coupon.id)} key={coupon.id} position={index}>
              <IndexTable.Cell>
                <Text as="span" numeric>
                  {coupon.code}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>
                {couponUrl ? (
                  <Link url={`${couponUrl}${coupon.id}`} dataPrimaryLink removeUnderline>
                    {coupon.title}
                  </Link>
                ) : (
                  coupon.title
                )}{" "}
                {coupon.birthday && <StatusBadge tone="magic">{t("promotion:source.birthday")}</StatusBadge>}
              </IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" numeric>
                  {coupon.expiresAt}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <StatusBadge tone={COUPON_TONES[coupon.state]}>
                  {coupon.state === "used" ? t("coupons.used") : t(`promotion:status.${coupon.state}`)}
                </StatusBadge>
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </ListTable>
      </BlockStack>
    </Card>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { requireStore } from "~/server/auth.server";
import { can, requireCan } from "~/server/permissions.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPage, RowLink } from "~/components/list-page";
import { StatusBadge } from "~/components/status-badge";
import { PageLinks } from "~/components/page-links";
import { ChoiceFilter, SearchFilter } from "~/components/list-filters";
import { QuerySelect } from "~/components/list-table";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { BIRTHDAY_MONTH_FILTERS, CONSENT_FILTERS, DISABLED_FILTERS, LEVEL_FILTERS } from "./__member-list-filters";
import { memberList } from "./__member-list-query.server";

const LIST_URL = "/member/member-list";

export const handle: RouteHandle = { i18n: ["member"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "member:read");
  const url = new URL(request.url);
  const { list, rows } = await memberList.load(client, request, { application_key: store.applicationKey });
  return {
    title: context.t("member:title.list"),
    search: url.search,
    members: rows.map((member) => ({
      id: member.id,
      code: member.member_code,
      name: member.name,
      email: member.email,
      phone: member.phone,
      level: member.level,
      birthdayMonth: member.birthday_month,
      registrationDate: member.registration_date,
      disabled: member.disabled,
    })),
    list,
    canWrite: can(user, "member:write"),
  };
}

export default function MemberList() {
  const { t } = useTranslation(["member", "common"]);
  const { title, search, members, list, canWrite } = useLoaderData<typeof loader>();
  const { query } = list;
  return (
    <ListPage
      list={list}
      title={title}
      primaryAction={canWrite ? { content: t("add-member"), url: `${LIST_URL}/add` } : undefined}
      before={
        <>
          <PageLinks
            links={[
              ...(canWrite ? [{ content: t("common:sheet.import"), url: `${LIST_URL}/import` }] : []),
              { content: t("common:sheet.export-xlsx"), url: `${LIST_URL}/export.xlsx${search}`, external: true },
              { content: t("common:sheet.export-csv"), url: `${LIST_URL}/export.csv${search}`, external: true },
            ]}
          />
        </>
      }
      filters={
        <>
          <SearchFilter placeholder={t("search-placeholder")} />
          <QuerySelect
            name="level"
            label={t("filter.level")}
            value={query.level}
            options={LEVEL_FILTERS.map((option) => ({ value: option, label: t(`filter-option.level.${option}`) }))}
          />
          <ChoiceFilter
            name="birthday_month"
            label={t("filter.birthday-month")}
            choices={BIRTHDAY_MONTH_FILTERS}
            all={t("any-month")}
            choiceLabel={(option) => t(`month.${option}`)}
          />
          <QuerySelect
            name="marketing_consent"
            label={t("filter.marketing-consent")}
            value={query.marketing_consent}
            options={CONSENT_FILTERS.map((option) => ({
              value: option,
              label: t(`filter-option.marketing-consent.${option}`),
            }))}
          />
          <QuerySelect
            name="disabled"
            label={t("filter.disabled")}
            value={query.disabled}
            options={DISABLED_FILTERS.map((option) => ({
              value: option,
              label: t(`filter-option.disabled.${option}`),
            }))}
          />
        </>
      }
      resourceName={{ singular: t("member"), plural: t("members") }}
      primaryColumn={1}
      emptyText={t("no-members")}
      columns={[
        { title: t("column.member-code"), figure: (member) => member.code },
        {
          title: t("column.name"),
          cell: (member) => <RowLink url={`${LIST_URL}/detail/${member.id}`}>{member.name}</RowLink>,
        },
        {
          title: t("column.contact"),
          cell: (member) => (
            <BlockStack>
              <Text as="span" breakWord>
                {member.email}
              </Text>
              {member.phone && (
                <Text as="span" tone="subdued" numeric>
                  {member.phone}
                </Text>
              )}
            </BlockStack>
          ),
        },
        {
          title: t("column.level"),
          cell: (member) => (
            <StatusBadge tone={member.level === "vip" ? "magic" : undefined}>{t(`level.${member.level}`)}</StatusBadge>
          ),
        },
        {
          title: t("column.birthday-month"),
          cell: (member) =>
            member.birthdayMonth === null ? t("no-month") : t(`month.${member.birthdayMonth}` as "month.1"),
        },
        { title: t("column.registration-date"), figure: (member) => member.registrationDate },
        {
          title: t("column.status"),
          cell: (member) => (
            <StatusBadge tone={member.disabled ? "critical" : "success"}>
              {member.disabled ? t("status.disabled") : t("status.active")}
            </StatusBadge>
          ),
        },
      ]}
      rows={members}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

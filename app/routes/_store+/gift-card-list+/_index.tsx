import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatHkd } from "#contract/money";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ChoiceFilter, SearchFilter } from "~/components/list-filters";
import { ListPage, RowLink } from "~/components/list-page";
import { PageLinks } from "~/components/page-links";
import { StatusBadge } from "~/components/status-badge";
import { requireStore } from "~/server/auth.server";
import { can, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { giftCardList } from "./__gift-card-list.server";
import { cardUrl, LIST_URL, STATUS_FILTERS, STATUS_TONES } from "./__gift-card";

export const handle: RouteHandle = { i18n: ["gift-card"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "gift_card:read");
  const { list, rows } = await giftCardList.load(client, request, { application_key: store.applicationKey });
  return {
    title: context.t("gift-card:title.list"),
    search: new URL(request.url).search,
    cards: rows.map((card) => ({
      id: card.id,
      code: card.masked_code,
      recipient: card.recipient_name || card.recipient_email,
      balance: formatHkd(card.balance_cents),
      initial: formatHkd(card.initial_cents),
      expiry: card.expiry_date,
      status: card.status,
    })),
    list,
    canWrite: can(user, "gift_card:write"),
  };
}

export default function GiftCardList() {
  const { t } = useTranslation(["gift-card", "common"]);
  const { title, search, cards, list, canWrite } = useLoaderData<typeof loader>();
  return (
    <ListPage
      list={list}
      title={title}
      primaryAction={canWrite ? { content: t("issue-gift-card"), url: `${LIST_URL}/add` } : undefined}
      before={
        <PageLinks links={[{ content: t("export-csv"), url: `${LIST_URL}/export.csv${search}`, external: true }]} />
      }
      filters={
        <>
          <SearchFilter placeholder={t("search-placeholder")} />
          <ChoiceFilter
            name="status"
            label={t("status.label")}
            choices={STATUS_FILTERS}
            all={t("status.all")}
            choiceLabel={(status) => t(`status.${status}`)}
          />
        </>
      }
      resourceName={{ singular: t("gift-card"), plural: t("gift-cards") }}
      emptyText={t("no-gift-cards")}
      columns={[
        { title: t("column.code"), cell: (card) => <RowLink url={cardUrl(card.id)}>{card.code}</RowLink> },
        { title: t("column.recipient"), cell: (card) => card.recipient },
        { title: t("column.balance"), amount: (card) => card.balance },
        { title: t("column.initial"), amount: (card) => card.initial },
        { title: t("column.expiry"), figure: (card) => card.expiry ?? t("no-expiry") },
        {
          title: t("column.status"),
          cell: (card) => <StatusBadge tone={STATUS_TONES[card.status]}>{t(`status.${card.status}`)}</StatusBadge>,
        },
      ]}
      rows={cards}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

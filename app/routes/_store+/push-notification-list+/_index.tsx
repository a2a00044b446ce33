import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPage, RowLink } from "~/components/list-page";
import { ChoiceFilter, SearchFilter } from "~/components/list-filters";
import { StatusBadge } from "~/components/status-badge";
import { requireStore } from "~/server/auth.server";
import { can, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { pushList } from "./__push-list-query.server";
import { STATUS_FILTERS, STATUS_TONES } from "./__push-status";

const LIST_URL = "/push-notification-list";

export const handle: RouteHandle = { i18n: ["push-notification"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "push_notification:read");
  const { list, rows } = await pushList.load(client, request, { application_key: store.applicationKey });
  return {
    title: context.t("push-notification:title.list"),
    pushes: rows.map((push) => ({
      id: push.id,
      title: localizedName(push, context.locale, "title"),
      audience: push.audience,
      status: push.status,
      sendAt: push.send_at && push.status !== "draft" ? hongKongTime(push.send_at) : null,
      results:
        push.status === "sent" || push.status === "failed" || push.status === "sending"
          ? context.t("push-notification:results.summary", { sent: push.sent_count, recipients: push.recipient_count })
          : null,
    })),
    list,
    canWrite: can(user, "push_notification:write"),
  };
}

export default function PushNotificationList() {
  const { t } = useTranslation(["push-notification", "common"]);
  const { title, pushes, list, canWrite } = useLoaderData<typeof loader>();
  return (
    <ListPage
      list={list}
      title={title}
      primaryAction={canWrite ? { content: t("add-push"), url: `${LIST_URL}/add` } : undefined}
      filters={
        <>
          <SearchFilter placeholder={t("search-placeholder")} />
          <ChoiceFilter
            name="status"
            label={t("filter.status")}
            choices={STATUS_FILTERS}
            all={t("filter.all-statuses")}
            choiceLabel={(option) => t(`status.${option}`)}
          />
        </>
      }
      resourceName={{ singular: t("push"), plural: t("pushes") }}
      emptyText={t("no-pushes")}
      columns={[
        { title: t("column.title"), cell: (push) => <RowLink url={`${LIST_URL}/${push.id}`}>{push.title}</RowLink> },
        { title: t("column.audience"), cell: (push) => t(`audience.${push.audience}`) },
        { title: t("column.send-at"), figure: (push) => push.sendAt ?? t("not-scheduled") },
        { title: t("column.results"), figure: (push) => push.results ?? t("not-scheduled") },
        {
          title: t("column.status"),
          cell: (push) => <StatusBadge tone={STATUS_TONES[push.status]}>{t(`status.${push.status}`)}</StatusBadge>,
        },
      ]}
      rows={pushes}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

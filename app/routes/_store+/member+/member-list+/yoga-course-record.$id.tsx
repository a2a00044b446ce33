import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Box } from "@shopify/polaris/build/esm/components/Box/Box.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { COURSE_RECORD_SORTS } from "#modules/course-booking/options";
import { hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPagination } from "~/components/list-pagination";
import { ListTable } from "~/components/list-table";
import { StatusBadge } from "~/components/status-badge";
import { requireStore } from "~/server/auth.server";
import { asRouteError, recordId } from "~/server/errors.server";
import { requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { pageCount } from "~/utils/list-params";
import { listPayload, readListQuery } from "~/utils/list-query.server";
import { titleMeta } from "~/utils/meta";

const LIST_URL = "/member/member-list";

const LIST_OPTIONS = { sorts: COURSE_RECORD_SORTS } as const;

export const handle: RouteHandle = { i18n: ["course-booking", "member"], parent: LIST_URL };
export const meta = titleMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "credit_package:read");
  const query = readListQuery(new URL(request.url), LIST_OPTIONS);
  const { keyword: _keyword, ...paging } = listPayload(query);
  const { data, extra } = await client
    .get_yoga_course_record_data_and_total_number_by_sorting_and_limit({
      application_key: store.applicationKey,
      member_id: recordId(params.id),
      ...paging,
    })
    .catch(asRouteError);
  const locale = context.locale;
  const now = Date.now();
  return {
    title: context.t("course-booking:record.title"),
    subtitle: `${data.member.member_code} · ${data.member.name}`,
    memberId: data.member.id,
    credits: data.credits.map((credit) => ({
      id: credit.id,
      name: localizedName(credit, locale, "name"),
      granted: credit.credits_granted,
      remaining: credit.credits_remaining,
      expiresAt: credit.expires_at ? hongKongTime(credit.expires_at) : null,
      state:
        credit.status === "refunded"
          ? ("refunded" as const)
          : credit.expires_at && Date.parse(credit.expires_at) <= now
            ? ("expired" as const)
            : ("active" as const),
    })),
    bookings: data.bookings.map((booking) => ({
      id: booking.id,
      time: hongKongTime(booking.session.starts_at),
      type: localizedName(booking.session.course_type, locale, "name"),
      coach: localizedName(booking.session.coach, locale, "name"),
      status: booking.status,
      attendance: booking.attendance,
      spent: booking.credits_spent,
      returned: booking.credits_returned,
      movements: booking.movements,
    })),
    page: query.page,
    pageCount: pageCount(extra.total_number, query.pageSize),
  };
}

const CREDIT_TONES = { active: "success", expired: undefined, refunded: "warning" } as const;
const ATTENDANCE_TONES = { pending: undefined, show: "success", noshow: "critical" } as const;

export default function MemberCourseRecord() {
  const { t } = useTranslation(["course-booking", "common"]);
  const { title, subtitle, memberId, credits, bookings, page, pageCount } = useLoaderData<typeof loader>();
  const signed = (change: number) => (change > 0 ? `+${change}` : `−${Math.abs(change)}`);
  return (
    <Page
      title={title}
      subtitle={subtitle}
      backAction={{ content: t("common:shell.back"), url: `${LIST_URL}/detail/${memberId}` }}
    >
      <BlockStack gap="400">
        <Card padding="0">
          <Box padding="400">
            <Text as="h2" variant="headingMd">
              {t("record.credits")}
            </Text>
          </Box>
          <ListTable
            resourceName={{ singular: t("record.credit"), plural: t("record.credits") }}
            itemCount={credits.length}
            emptyText={t("record.no-credits")}
            headings={[
              { title: t("column.package") },
              { title: t("record.column.granted"), alignment: "end" },
              { title: t("record.column.remaining"), alignment: "end" },
              { title: t("record.column.expires") },
              { title: t("record.column.status") },
            ]}
          >
            {credits.map((credit, index) => (
              <IndexTable.Row id={String(credit.id)} key={credit.id} position={index}>
                <IndexTable.Cell>
                  <Text as="span" fontWeight="semibold">
                    {credit.name}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>
                    {String(credit.granted)}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>
                    <span data-testid={`credit-remaining-${credit.id}`}>{String(credit.remaining)}</span>
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>{credit.expiresAt ?? t("from-first-use")}</IndexTable.Cell>
                <IndexTable.Cell>
                  <StatusBadge tone={CREDIT_TONES[credit.state]}>
                    {t(`record.credit-status.${credit.state}`)}
                  </StatusBadge>
                </IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </ListTable>
        </Card>
        <Card padding="0">
          <Box padding="400">
            <Text as="h2" variant="headingMd">
              {t("bookings")}
            </Text>
          </Box>
          <ListTable
            resourceName={{ singular: t("booking"), plural: t("bookings") }}
            itemCount={bookings.length}
            emptyText={t("no-bookings")}
            headings={[
              { title: t("field.time") },
              { title: t("field.type") },
              { title: t("field.coach") },
              { title: t("record.column.status") },
              { title: t("column.attendance") },
              { title: t("record.column.movements") },
            ]}
          >
            {bookings.map((booking, index) => (
              <IndexTable.Row id={String(booking.id)} key={booking.id} position={index}>
                <IndexTable.Cell>
                  <Text as="span" numeric fontWeight="semibold">
                    {booking.time}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>{booking.type}</IndexTable.Cell>
                <IndexTable.Cell>{booking.coach}</IndexTable.Cell>
                <IndexTable.Cell>
                  <StatusBadge tone={booking.status === "booked" ? "info" : undefined}>
                    {t(`booking-status.${booking.status}`)}
                  </StatusBadge>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  {booking.status === "booked" && (
                    <StatusBadge tone={ATTENDANCE_TONES[booking.attendance]}>
                      {t(`attendance.${booking.attendance}`)}
                    </StatusBadge>
                  )}
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <BlockStack gap="050">
                    {booking.movements.length === 0 && (
                      <Text as="span" tone="subdued">
                        {t("record.no-movement")}
                      </Text>
                    )}
                    {booking.movements.map((movement) => (
                      <Text as="span" key={movement.id}>
                        {t("record.movement", {
                          reason: t(`record.reason.${movement.reason}`),
                          change: signed(movement.change),
                          left: movement.remaining_after,
                        })}
                      </Text>
                    ))}
                  </BlockStack>
                </IndexTable.Cell>
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

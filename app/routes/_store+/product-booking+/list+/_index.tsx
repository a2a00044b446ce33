import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Box } from "@shopify/polaris/build/esm/components/Box/Box.js";
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
import { ListPagination } from "~/components/list-pagination";
import { ListSort } from "~/components/list-sort";
import { ChoiceFilter, DayRangeFilter, SearchFilter } from "~/components/list-filters";
import { ListFilters, ListTable, QuerySelect } from "~/components/list-table";
import { PageLinks } from "~/components/page-links";
import { StatusBadge } from "~/components/status-badge";
import { requireStore } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { can, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { bookingList } from "./__booking-list.server";
import {
  bookedName,
  bookingUrl,
  LIST_URL,
  productUrl,
  SETUP_URL,
  STATUS_FILTERS,
  STATUS_TONES,
} from "./__product-booking";
import { PRODUCT_BOOKING_SORTS } from "#modules/product-booking/options";
import { sortOptions } from "~/utils/sort-options";

export const handle: RouteHandle = { i18n: ["product-booking"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "product_booking:read");
  const url = new URL(request.url);
  const key = { application_key: store.applicationKey };
  const [{ list, query, rows }, { data: settings }] = await Promise.all([
    bookingList.load(client, request, key),
    client.get_product_booking_setting_data_list_by_application_key(key),
  ]).catch(asRouteError);
  const yesNo = (value: boolean) => context.t(value ? "product-booking:yes" : "product-booking:no");
  return {
    title: context.t("product-booking:title.list"),
    search: url.search,
    canWrite: can(user, "product_booking:write"),
    bookings: rows.map((booking) => ({
      id: booking.id,
      url: bookingUrl(booking.id),
      customer: booking.customer_name,
      phone: booking.customer_phone,
      product: bookedName(booking, context.locale),
      quantity: booking.quantity,
      deposit: context.t("product-booking:deposit-value", {
        amount: formatHkd(booking.deposit_cents),
        paid: context.t(booking.deposit_paid ? "product-booking:deposit-paid" : "product-booking:deposit-unpaid"),
      }),
      status: booking.status,
      created: hongKongTime(booking.create_date),
    })),
    settings: settings.map((setting) => ({
      id: setting.product.id,
      url: productUrl(setting.product.product_code),
      name: localizedName(setting.product, context.locale, "name"),
      code: setting.product.product_code,
      open: yesNo(setting.open),
      quota: setting.quota,
      booked: setting.booked_units,
      stock: setting.product.unlimited_inventory ? "∞" : String(setting.product.stock),
      deposit: formatHkd(setting.deposit_cents),
      arrival: setting.expected_arrival_date ?? "—",
    })),
    products: settings.map((setting) => ({
      value: String(setting.product.id),
      label: localizedName(setting.product, context.locale, "name"),
    })),
    query,
    filtered: Boolean(query.q || query.product || query.date_from || query.date_to) || query.status !== "all",
    pageCount: list.pageCount,
  };
}

export default function ProductBookingList() {
  const { t } = useTranslation(["product-booking", "common"]);
  const { title, search, canWrite, settings } = useLoaderData<typeof loader>();
  return (
    <Page title={title} primaryAction={canWrite ? { content: t("add-booking"), url: `${LIST_URL}/add` } : undefined}>
      <BlockStack gap="400">
        <PageLinks
          links={[
            ...(canWrite ? [{ content: t("set-up-product"), url: SETUP_URL }] : []),
            { content: t("common:sheet.export-csv"), url: `${LIST_URL}/export.csv${search}`, external: true },
          ]}
        />
        <Card padding="0">
          <BlockStack gap="200">
            <Box paddingBlockStart="400" paddingInline="400">
              <Text as="h2" variant="headingMd">
                {t("products-taking-bookings")}
              </Text>
            </Box>
            <ListTable
              resourceName={{ singular: t("column.product"), plural: t("products-taking-bookings") }}
              itemCount={settings.length}
              emptyText={t("no-settings")}
              headings={[
                { title: t("column.product") },
                { title: t("column.open") },
                { title: t("column.quota") },
                { title: t("column.booked") },
                { title: t("column.stock") },
                { title: t("column.deposit") },
                { title: t("column.arrival") },
              ]}
            >
              {settings.map((setting, index) => (
                <IndexTable.Row id={String(setting.id)} key={setting.id} position={index}>
                  <IndexTable.Cell>
                    <Link url={setting.url} dataPrimaryLink removeUnderline>
                      <Text as="span" fontWeight="semibold">
                        {setting.name}
                      </Text>
                    </Link>
                    <Text as="span" tone="subdued">
                      {` ${setting.code}`}
                    </Text>
                  </IndexTable.Cell>
                  <IndexTable.Cell>{setting.open}</IndexTable.Cell>
                  <IndexTable.Cell>
                    <Text as="span" numeric>
                      {String(setting.quota)}
                    </Text>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <Text as="span" numeric>
                      {String(setting.booked)}
                    </Text>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <Text as="span" numeric>
                      {setting.stock}
                    </Text>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <Text as="span" numeric>
                      {setting.deposit}
                    </Text>
                  </IndexTable.Cell>
                  <IndexTable.Cell>{setting.arrival}</IndexTable.Cell>
                </IndexTable.Row>
              ))}
            </ListTable>
          </BlockStack>
        </Card>
        <Bookings />
      </BlockStack>
    </Page>
  );
}

function Bookings() {
  const { t } = useTranslation(["product-booking", "common"]);
  const { bookings, products, query, filtered, pageCount } = useLoaderData<typeof loader>();
  return (
    <>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t("bookings-list")}
          </Text>
          <ListFilters>
            <SearchFilter value={query.q} placeholder={t("search-placeholder")} />
            <ChoiceFilter
              name="status"
              label={t("filter.status")}
              value={query.status}
              choices={STATUS_FILTERS}
              all={t("filter.all")}
              choiceLabel={(option) => t(`status.${option}`)}
            />
            <QuerySelect
              name="product"
              label={t("filter.product")}
              value={query.product}
              options={[{ value: "", label: t("filter.all-products") }, ...products]}
            />
            <DayRangeFilter
              from={{ name: "date_from", label: t("filter.date-from"), value: query.date_from }}
              to={{ name: "date_to", label: t("filter.date-to"), value: query.date_to }}
            />
          </ListFilters>
        </BlockStack>
      </Card>
      <Card padding="0">
        <ListSort
          sort={query.sort}
          direction={query.direction}
          options={sortOptions(t, "product-booking:sort", PRODUCT_BOOKING_SORTS)}
        />
        <ListTable
          resourceName={{ singular: t("booking"), plural: t("bookings") }}
          itemCount={bookings.length}
          emptyText={filtered ? t("common:list.no-results") : t("no-bookings")}
          headings={[
            { title: t("column.customer") },
            { title: t("column.product") },
            { title: t("column.quantity") },
            { title: t("column.deposit") },
            { title: t("column.status") },
            { title: t("column.created") },
          ]}
        >
          {bookings.map((booking, index) => (
            <IndexTable.Row id={String(booking.id)} key={booking.id} position={index}>
              <IndexTable.Cell>
                <Link url={booking.url} dataPrimaryLink removeUnderline>
                  <Text as="span" fontWeight="semibold">
                    {booking.customer}
                  </Text>
                </Link>
                <Text as="span" tone="subdued" numeric>
                  {` ${booking.phone}`}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>{booking.product}</IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" numeric>
                  {String(booking.quantity)}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>{booking.deposit}</IndexTable.Cell>
              <IndexTable.Cell>
                <StatusBadge tone={STATUS_TONES[booking.status]}>{t(`status.${booking.status}`)}</StatusBadge>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" numeric>
                  {booking.created}
                </Text>
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </ListTable>
      </Card>
      <ListPagination page={query.page} pageCount={pageCount} />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

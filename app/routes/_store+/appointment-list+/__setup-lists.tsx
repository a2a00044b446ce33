import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { Thumbnail } from "@shopify/polaris/build/esm/components/Thumbnail/Thumbnail.js";
import { useTranslation } from "react-i18next";
import { formatHkd } from "#contract/money";
import { ChoiceFilter, SearchFilter } from "~/components/list-filters";
import { ListPage } from "~/components/list-page";
import type { SortOption } from "~/components/list-sort";
import { QuerySelect } from "~/components/list-table";
import { PageLinks } from "~/components/page-links";
import { routePage } from "~/components/route-page";
import { StatusBadge } from "~/components/status-badge";
import { type Twin, TWIN_NAMESPACES } from "~/utils/twins";
import type { categoryListData, providerListData, serviceListData } from "./__setup.server";
import { detailUrl, PROVIDER_STATUS_FILTERS, SETUP_URLS, STATUS_FILTERS, STATUS_TONES } from "./__setup";

type Data<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;

/** The setup lists' sorts: by date added and by name (the services list offers more around them). */
function useSetupSorts(): SortOption[] {
  const { t } = useTranslation("appointment-setup");
  return [
    { sort: "create_date", direction: "DESC", label: t("sort.newest") },
    { sort: "create_date", direction: "ASC", label: t("sort.oldest") },
    { sort: "name", direction: "ASC", label: t("sort.name-ascending") },
    { sort: "name", direction: "DESC", label: t("sort.name-descending") },
  ];
}

/** A setup list's filters: its search, any further selects, and its status. */
function SetupFilters<Status extends string>({
  query,
  statuses,
  children,
}: {
  query: { q: string; status: string };
  statuses: readonly Status[];
  children?: React.ReactNode;
}) {
  const { t } = useTranslation("appointment-setup");
  return (
    <>
      <SearchFilter value={query.q} placeholder={t("search-placeholder")} />
      {children}
      <ChoiceFilter
        name="status"
        label={t("filter.status")}
        value={query.status}
        choices={statuses}
        all={t("filter.all")}
        choiceLabel={(status) => t(`status.${status}` as "status.active")}
      />
    </>
  );
}

function ProviderListPage({ data }: { data: Data<typeof providerListData> }) {
  const { t } = useTranslation(["appointment-setup", "common"]);
  const { variant, title, providers, query, filtered, pageCount, canWrite } = data;
  const urls = SETUP_URLS[variant];
  return (
    <ListPage
      list={{ query, pageCount }}
      sortOptions={useSetupSorts()}
      title={title}
      backAction={{ content: t("common:shell.back"), url: urls.services }}
      primaryAction={canWrite ? { content: t("add-provider"), url: `${urls.providers}/add` } : undefined}
      filters={<SetupFilters query={query} statuses={PROVIDER_STATUS_FILTERS} />}
      resourceName={{ singular: t("provider"), plural: t("providers") }}
      primaryColumn={0}
      emptyText={filtered ? t("common:list.no-results") : t("no-providers")}
      headings={[{ title: t("column.name") }, { title: t("column.staff") }, { title: t("column.status") }]}
      rows={providers}
      cells={(provider) => (
        <>
          <IndexTable.Cell>
            <Link url={detailUrl(urls.providers, provider.id)} dataPrimaryLink removeUnderline>
              <Text as="span" fontWeight="semibold">
                {provider.name}
              </Text>
            </Link>
          </IndexTable.Cell>
          <IndexTable.Cell>{provider.staffName ?? ""}</IndexTable.Cell>
          <IndexTable.Cell>
            <StatusBadge tone={provider.active ? "success" : undefined}>
              {provider.active ? t("status.active") : t("status.inactive")}
            </StatusBadge>
          </IndexTable.Cell>
        </>
      )}
    />
  );
}

function CategoryListPage({ data }: { data: Data<typeof categoryListData> }) {
  const { t } = useTranslation(["appointment-setup", "common"]);
  const { variant, title, categories, query, filtered, pageCount, canWrite } = data;
  const urls = SETUP_URLS[variant];
  return (
    <ListPage
      list={{ query, pageCount }}
      sortOptions={useSetupSorts()}
      title={title}
      backAction={{ content: t("common:shell.back"), url: urls.services }}
      primaryAction={canWrite ? { content: t("add-category"), url: `${urls.categories}/add` } : undefined}
      filters={<SetupFilters query={query} statuses={STATUS_FILTERS} />}
      resourceName={{ singular: t("category"), plural: t("categories") }}
      primaryColumn={1}
      emptyText={filtered ? t("common:list.no-results") : t("no-categories")}
      headings={[{ title: t("column.image") }, { title: t("column.name") }, { title: t("column.status") }]}
      rows={categories}
      cells={(category) => (
        <>
          <IndexTable.Cell>
            {category.imageUrl && (
              <Thumbnail source={category.imageUrl} alt={t("image-of", { name: category.name })} size="small" />
            )}
          </IndexTable.Cell>
          <IndexTable.Cell>
            <Link url={detailUrl(urls.categories, category.id)} dataPrimaryLink removeUnderline>
              <Text as="span" fontWeight="semibold">
                {category.name}
              </Text>
            </Link>
          </IndexTable.Cell>
          <IndexTable.Cell>
            <StatusBadge tone={STATUS_TONES[category.status]}>{t(`status.${category.status}`)}</StatusBadge>
          </IndexTable.Cell>
        </>
      )}
    />
  );
}

function ServiceListPage({ data }: { data: Data<typeof serviceListData> }) {
  const { t } = useTranslation(["appointment-setup", "common"]);
  const { variant, title, services, categories, providers, query, filtered, pageCount, canWrite } = data;
  const urls = SETUP_URLS[variant];
  const all = { value: "", label: t("filter.all") };
  const sorts = useSetupSorts();
  return (
    <ListPage
      list={{ query, pageCount }}
      sortOptions={[
        { sort: "sort_order", direction: "ASC", label: t("sort.store-order") },
        ...sorts,
        { sort: "price", direction: "ASC", label: t("sort.price-ascending") },
        { sort: "price", direction: "DESC", label: t("sort.price-descending") },
      ]}
      title={title}
      primaryAction={canWrite ? { content: t("add-service"), url: `${urls.services}/add` } : undefined}
      before={
        <PageLinks
          links={[
            { content: t(`title.${variant}.categories`), url: urls.categories },
            { content: t(`title.${variant}.providers`), url: urls.providers },
            { content: t(`title.${variant}.sorting`), url: urls.sorting },
          ]}
        />
      }
      filters={
        <SetupFilters query={query} statuses={STATUS_FILTERS}>
          <QuerySelect
            name="category_id"
            label={t("filter.category")}
            value={query.category_id}
            options={[all, ...categories]}
          />
          <QuerySelect
            name="provider_id"
            label={t("filter.provider")}
            value={query.provider_id}
            options={[all, ...providers]}
          />
        </SetupFilters>
      }
      resourceName={{ singular: t("service"), plural: t("services") }}
      primaryColumn={0}
      emptyText={filtered ? t("common:list.no-results") : t("no-services")}
      headings={[
        { title: t("column.name") },
        { title: t("column.category") },
        { title: t("column.provider") },
        { title: t("column.duration") },
        { title: t("column.price"), alignment: "end" },
        { title: t("column.status") },
      ]}
      rows={services}
      cells={(service) => (
        <>
          <IndexTable.Cell>
            <Link url={detailUrl(urls.services, service.id)} dataPrimaryLink removeUnderline>
              <Text as="span" fontWeight="semibold">
                {service.name}
              </Text>
            </Link>
          </IndexTable.Cell>
          <IndexTable.Cell>{service.category}</IndexTable.Cell>
          <IndexTable.Cell>{service.provider}</IndexTable.Cell>
          <IndexTable.Cell>{t("minutes", { count: service.durationMinutes })}</IndexTable.Cell>
          <IndexTable.Cell>
            <Text as="span" alignment="end" numeric>
              {formatHkd(service.priceCents)}
            </Text>
          </IndexTable.Cell>
          <IndexTable.Cell>
            <StatusBadge tone={STATUS_TONES[service.status]}>{t(`status.${service.status}`)}</StatusBadge>
          </IndexTable.Cell>
        </>
      )}
    />
  );
}

/** The list pages of a variant's set-up routes, each with its Back link to its list. */
function setupListPages(variant: Twin) {
  const services = SETUP_URLS[variant].services;
  const i18n = [TWIN_NAMESPACES.setup];
  return {
    providerList: routePage(ProviderListPage, { i18n, parent: services }),
    categoryList: routePage(CategoryListPage, { i18n, parent: services }),
    serviceList: routePage(ServiceListPage, { i18n }),
  };
}

export const SETUP_LIST_PAGES = { general: setupListPages("general"), medical: setupListPages("medical") };

import { Thumbnail } from "@shopify/polaris/build/esm/components/Thumbnail/Thumbnail.js";
import { useTranslation } from "react-i18next";
import { formatHkd } from "#contract/money";
import { ChoiceFilter, SearchFilter } from "~/components/list-filters";
import { ListPage, RowLink } from "~/components/list-page";
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
      list={{ query, pageCount, filtered }}
      sortOptions={useSetupSorts()}
      title={title}
      backAction={{ content: t("common:shell.back"), url: urls.services }}
      primaryAction={canWrite ? { content: t("add-provider"), url: `${urls.providers}/add` } : undefined}
      filters={<SetupFilters query={query} statuses={PROVIDER_STATUS_FILTERS} />}
      resourceName={{ singular: t("provider"), plural: t("providers") }}
      emptyText={t("no-providers")}
      columns={[
        {
          title: t("column.name"),
          cell: (provider) => <RowLink url={detailUrl(urls.providers, provider.id)}>{provider.name}</RowLink>,
        },
        { title: t("column.staff"), cell: (provider) => provider.staffName ?? "" },
        {
          title: t("column.status"),
          cell: (provider) => (
            <StatusBadge tone={provider.active ? "success" : undefined}>
              {provider.active ? t("status.active") : t("status.inactive")}
            </StatusBadge>
          ),
        },
      ]}
      rows={providers}
    />
  );
}

function CategoryListPage({ data }: { data: Data<typeof categoryListData> }) {
  const { t } = useTranslation(["appointment-setup", "common"]);
  const { variant, title, categories, query, filtered, pageCount, canWrite } = data;
  const urls = SETUP_URLS[variant];
  return (
    <ListPage
      list={{ query, pageCount, filtered }}
      sortOptions={useSetupSorts()}
      title={title}
      backAction={{ content: t("common:shell.back"), url: urls.services }}
      primaryAction={canWrite ? { content: t("add-category"), url: `${urls.categories}/add` } : undefined}
      filters={<SetupFilters query={query} statuses={STATUS_FILTERS} />}
      resourceName={{ singular: t("category"), plural: t("categories") }}
      primaryColumn={1}
      emptyText={t("no-categories")}
      columns={[
        {
          title: t("column.image"),
          cell: (category) =>
            category.imageUrl && (
              <Thumbnail source={category.imageUrl} alt={t("image-of", { name: category.name })} size="small" />
            ),
        },
        {
          title: t("column.name"),
          cell: (category) => <RowLink url={detailUrl(urls.categories, category.id)}>{category.name}</RowLink>,
        },
        {
          title: t("column.status"),
          cell: (category) => (
            <StatusBadge tone={STATUS_TONES[category.status]}>{t(`status.${category.status}`)}</StatusBadge>
          ),
        },
      ]}
      rows={categories}
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
      list={{ query, pageCount, filtered }}
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
      emptyText={t("no-services")}
      columns={[
        {
          title: t("column.name"),
          cell: (service) => <RowLink url={detailUrl(urls.services, service.id)}>{service.name}</RowLink>,
        },
        { title: t("column.category"), cell: (service) => service.category },
        { title: t("column.provider"), cell: (service) => service.provider },
        { title: t("column.duration"), cell: (service) => t("minutes", { count: service.durationMinutes }) },
        { title: t("column.price"), amount: (service) => formatHkd(service.priceCents) },
        {
          title: t("column.status"),
          cell: (service) => (
            <StatusBadge tone={STATUS_TONES[service.status]}>{t(`status.${service.status}`)}</StatusBadge>
          ),
        },
      ]}
      rows={services}
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

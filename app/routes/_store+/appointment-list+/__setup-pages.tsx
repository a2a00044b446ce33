import type { SubmissionResult } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { Thumbnail } from "@shopify/polaris/build/esm/components/Thumbnail/Thumbnail.js";
import { ArrowDownIcon, ArrowUpIcon } from "@shopify/polaris-icons";
import { useTranslation } from "react-i18next";
import type {
  AppointmentChoices,
  ProviderRecord,
  AppointmentCategoryRecord,
} from "#modules/appointment-setup/contract";
import type { AppointmentVariant } from "#contract/appointments";
import { formatHkd } from "#contract/money";
import { DeletableRecord } from "~/components/delete-record";
import { ListPagination } from "~/components/list-pagination";
import { ListSort } from "~/components/list-sort";
import { ListFilters, ListTable, QuerySelect, QueryTextField } from "~/components/list-table";
import { PageLinks } from "~/components/page-links";
import { SaveForm } from "~/components/save-form";
import { StatusBadge } from "~/components/status-badge";
import { useZodForm } from "~/utils/forms";
import {
  CategoryFields,
  categoryFormSchema,
  categoryFormValues,
  editCategoryFormSchema,
  NEW_CATEGORY_VALUES,
} from "./__category-form";
import {
  editProviderFormSchema,
  NEW_PROVIDER_VALUES,
  ProviderFields,
  providerFormSchema,
  providerFormValues,
} from "./__provider-form";
import {
  editServiceFormSchema,
  NEW_SERVICE_VALUES,
  ServiceFields,
  serviceFormSchema,
  serviceFormValues,
  useServiceForm,
} from "./__service-form";
import type {
  categoryListData,
  providerListData,
  serviceDetailData,
  serviceListData,
  sortingData,
} from "./__setup.server";
import { detailUrl, PROVIDER_STATUS_FILTERS, SETUP_URLS, STATUS_FILTERS } from "./__setup";

type Result = SubmissionResult<string[]> | null | undefined;
type Data<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;

const STATUS_TONES = { accept: "success", stop: undefined } as const;

function BackPage({
  variant,
  list,
  title,
  children,
}: {
  variant: AppointmentVariant;
  list: "providers" | "categories" | "services";
  title: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation("common");
  return (
    <Page title={title} backAction={{ content: t("shell.back"), url: SETUP_URLS[variant][list] }}>
      {children}
    </Page>
  );
}

/** A set-up record's edit page: back to its list, the form between the delete steps. */
function EditPage({
  data,
  list,
  consequence,
  children,
}: {
  data: { variant: AppointmentVariant; title: string; name: string; canWrite: boolean; confirmingDelete: boolean };
  list: "providers" | "categories" | "services";
  consequence: string;
  children: React.ReactNode;
}) {
  return (
    <BackPage variant={data.variant} list={list} title={data.title}>
      <BlockStack gap="400">
        <DeletableRecord
          name={data.name}
          consequence={consequence}
          confirming={data.confirmingDelete}
          canDelete={data.canWrite}
        >
          {children}
        </DeletableRecord>
      </BlockStack>
    </BackPage>
  );
}

/** The orders every set-up list offers (the services list adds its own). */
const DATE_AND_NAME_SORTS = [
  { sort: "create_date", direction: "DESC", label: "sort.newest" },
  { sort: "create_date", direction: "ASC", label: "sort.oldest" },
  { sort: "name", direction: "ASC", label: "sort.name-ascending" },
  { sort: "name", direction: "DESC", label: "sort.name-descending" },
] as const;

type ListQuery = { q: string; status: string; sort: string; direction: string; page: number };

/** A set-up list's filters: the search first, then the list's own selects, then its status. */
function SetupFilters({
  query,
  statuses,
  children,
}: {
  query: ListQuery;
  statuses: typeof STATUS_FILTERS | typeof PROVIDER_STATUS_FILTERS;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation(["appointment-setup", "common"]);
  return (
    <Card>
      <ListFilters>
        <QueryTextField
          name="q"
          label={t("common:list.search")}
          value={query.q}
          placeholder={t("search-placeholder")}
        />
        {children}
        <QuerySelect
          name="status"
          label={t("filter.status")}
          value={query.status}
          options={statuses.map((status) => ({
            value: status,
            label: status === "all" ? t("filter.all") : t(`status.${status}`),
          }))}
        />
      </ListFilters>
    </Card>
  );
}

/** The providers' or categories' list: back to the services, filtered by name and status. */
function SetupListPage({
  data,
  list,
  statuses,
  addLabel,
  table,
}: {
  data: { variant: AppointmentVariant; title: string; query: ListQuery; pageCount: number; canWrite: boolean };
  list: "providers" | "categories";
  statuses: typeof STATUS_FILTERS | typeof PROVIDER_STATUS_FILTERS;
  addLabel: string;
  table: React.ReactNode;
}) {
  const { t } = useTranslation(["appointment-setup", "common"]);
  const { variant, title, query, pageCount, canWrite } = data;
  const urls = SETUP_URLS[variant];
  return (
    <Page
      title={title}
      backAction={{ content: t("common:shell.back"), url: urls.services }}
      primaryAction={canWrite ? { content: addLabel, url: `${urls[list]}/add` } : undefined}
    >
      <BlockStack gap="400">
        <SetupFilters query={query} statuses={statuses} />
        <Card padding="0">
          <ListSort
            sort={query.sort}
            direction={query.direction}
            options={DATE_AND_NAME_SORTS.map((option) => ({ ...option, label: t(option.label) }))}
          />
          {table}
        </Card>
        <ListPagination page={query.page} pageCount={pageCount} />
      </BlockStack>
    </Page>
  );
}

// ---------------------------------------------------------------------------------------------
// Providers

export function ProviderListPage({ data }: { data: Data<typeof providerListData> }) {
  const { t } = useTranslation(["appointment-setup", "common"]);
  const { providers, filtered } = data;
  const urls = SETUP_URLS[data.variant];
  return (
    <SetupListPage
      data={data}
      list="providers"
      statuses={PROVIDER_STATUS_FILTERS}
      addLabel={t("add-provider")}
      table={
        <ListTable
          resourceName={{ singular: t("provider"), plural: t("providers") }}
          primaryColumn={0}
          itemCount={providers.length}
          emptyText={filtered ? t("common:list.no-results") : t("no-providers")}
          headings={[{ title: t("column.name") }, { title: t("column.staff") }, { title: t("column.status") }]}
        >
          {providers.map((provider, index) => (
            <IndexTable.Row id={String(provider.id)} key={provider.id} position={index}>
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
            </IndexTable.Row>
          ))}
        </ListTable>
      }
    />
  );
}

export function AddProviderPage({
  data,
  result,
}: {
  data: { variant: AppointmentVariant; title: string; staff: AppointmentChoices["staff"] };
  result: Result;
}) {
  const [form, fields] = useZodForm(providerFormSchema, result, NEW_PROVIDER_VALUES);
  return (
    <BackPage variant={data.variant} list="providers" title={data.title}>
      <SaveForm form={form}>
        <ProviderFields fields={fields} staff={data.staff} />
      </SaveForm>
    </BackPage>
  );
}

export function EditProviderPage({
  data,
  result,
}: {
  data: {
    variant: AppointmentVariant;
    title: string;
    name: string;
    provider: ProviderRecord;
    staff: AppointmentChoices["staff"];
    canWrite: boolean;
    confirmingDelete: boolean;
  };
  result: Result;
}) {
  const { t } = useTranslation("appointment-setup");
  const [form, fields] = useZodForm(editProviderFormSchema, result, providerFormValues(data.provider));
  return (
    <EditPage data={data} list="providers" consequence={t("delete-provider-consequence")}>
      <SaveForm form={form} readOnly={!data.canWrite} version={fields.version}>
        <ProviderFields fields={fields} staff={data.staff} />
      </SaveForm>
    </EditPage>
  );
}

// ---------------------------------------------------------------------------------------------
// Categories

export function CategoryListPage({ data }: { data: Data<typeof categoryListData> }) {
  const { t } = useTranslation(["appointment-setup", "common"]);
  const { categories, filtered } = data;
  const urls = SETUP_URLS[data.variant];
  return (
    <SetupListPage
      data={data}
      list="categories"
      statuses={STATUS_FILTERS}
      addLabel={t("add-category")}
      table={
        <ListTable
          resourceName={{ singular: t("category"), plural: t("categories") }}
          primaryColumn={1}
          itemCount={categories.length}
          emptyText={filtered ? t("common:list.no-results") : t("no-categories")}
          headings={[{ title: t("column.image") }, { title: t("column.name") }, { title: t("column.status") }]}
        >
          {categories.map((category, index) => (
            <IndexTable.Row id={String(category.id)} key={category.id} position={index}>
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
            </IndexTable.Row>
          ))}
        </ListTable>
      }
    />
  );
}

export function AddCategoryPage({
  data,
  result,
}: {
  data: { variant: AppointmentVariant; title: string };
  result: Result;
}) {
  const [form, fields] = useZodForm(categoryFormSchema, result, NEW_CATEGORY_VALUES);
  return (
    <BackPage variant={data.variant} list="categories" title={data.title}>
      <SaveForm form={form} encType="multipart/form-data">
        <CategoryFields fields={fields} variant={data.variant} />
      </SaveForm>
    </BackPage>
  );
}

export function EditCategoryPage({
  data,
  result,
}: {
  data: {
    variant: AppointmentVariant;
    title: string;
    name: string;
    category: AppointmentCategoryRecord;
    canWrite: boolean;
    confirmingDelete: boolean;
  };
  result: Result;
}) {
  const { t } = useTranslation("appointment-setup");
  const [form, fields] = useZodForm(editCategoryFormSchema, result, categoryFormValues(data.category));
  return (
    <EditPage data={data} list="categories" consequence={t("delete-category-consequence")}>
      <SaveForm form={form} encType="multipart/form-data" readOnly={!data.canWrite} version={fields.version}>
        <CategoryFields fields={fields} variant={data.variant} />
      </SaveForm>
    </EditPage>
  );
}

// ---------------------------------------------------------------------------------------------
// Services

export function ServiceListPage({ data }: { data: Data<typeof serviceListData> }) {
  const { t } = useTranslation(["appointment-setup", "common"]);
  const { variant, title, services, categories, providers, query, filtered, pageCount, canWrite } = data;
  const urls = SETUP_URLS[variant];
  const all = { value: "", label: t("filter.all") };
  return (
    <Page
      title={title}
      primaryAction={canWrite ? { content: t("add-service"), url: `${urls.services}/add` } : undefined}
    >
      <BlockStack gap="400">
        <PageLinks
          links={[
            { content: t(`title.${variant}.categories`), url: urls.categories },
            { content: t(`title.${variant}.providers`), url: urls.providers },
            { content: t(`title.${variant}.sorting`), url: urls.sorting },
          ]}
        />
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
        <Card padding="0">
          <ListSort
            sort={query.sort}
            direction={query.direction}
            options={[
              { sort: "sort_order", direction: "ASC", label: t("sort.store-order") },
              ...DATE_AND_NAME_SORTS.map((option) => ({ ...option, label: t(option.label) })),
              { sort: "price", direction: "ASC", label: t("sort.price-ascending") },
              { sort: "price", direction: "DESC", label: t("sort.price-descending") },
            ]}
          />
          <ListTable
            resourceName={{ singular: t("service"), plural: t("services") }}
            primaryColumn={0}
            itemCount={services.length}
            emptyText={filtered ? t("common:list.no-results") : t("no-services")}
            headings={[
              { title: t("column.name") },
              { title: t("column.category") },
              { title: t("column.provider") },
              { title: t("column.duration") },
              { title: t("column.price"), alignment: "end" },
              { title: t("column.status") },
            ]}
          >
            {services.map((service, index) => (
              <IndexTable.Row id={String(service.id)} key={service.id} position={index}>
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
              </IndexTable.Row>
            ))}
          </ListTable>
        </Card>
        <ListPagination page={query.page} pageCount={pageCount} />
      </BlockStack>
    </Page>
  );
}

function NoLinksYet({ choices }: { choices: AppointmentChoices }) {
  const { t } = useTranslation("appointment-setup");
  if (choices.categories.length > 0 && choices.providers.some((provider) => provider.active)) return null;
  return (
    <Text as="p" tone="caution">
      {t("no-links-to-choose")}
    </Text>
  );
}

export function AddServicePage({
  data,
  result,
}: {
  data: { variant: AppointmentVariant; title: string; choices: AppointmentChoices };
  result: Result;
}) {
  const [form, fields] = useServiceForm(serviceFormSchema, result, NEW_SERVICE_VALUES);
  return (
    <BackPage variant={data.variant} list="services" title={data.title}>
      <BlockStack gap="400">
        <NoLinksYet choices={data.choices} />
        <SaveForm form={form}>
          <ServiceFields form={form} fields={fields} choices={data.choices} />
        </SaveForm>
      </BlockStack>
    </BackPage>
  );
}

type ServiceDetail = Data<typeof serviceDetailData>;

/** The form of the saved version: keyed by it, so a save that comes back here starts from the saved record. */
function EditServiceForm({ data, result }: { data: ServiceDetail; result: Result }) {
  const [form, fields] = useServiceForm(editServiceFormSchema, result, serviceFormValues(data.service));
  return (
    <SaveForm form={form} readOnly={!data.canWrite} version={fields.version}>
      <ServiceFields form={form} fields={fields} choices={data.choices} providerId={data.service.provider_id} />
    </SaveForm>
  );
}

export function EditServicePage({ data, result }: { data: ServiceDetail; result: Result }) {
  const { t } = useTranslation("appointment-setup");
  return (
    <EditPage data={data} list="services" consequence={t("delete-service-consequence")}>
      <EditServiceForm key={data.service.version} data={data} result={result} />
    </EditPage>
  );
}

// ---------------------------------------------------------------------------------------------
// The store site's order

/** A move of one service: a plain post with JS off, a fetcher with it (no reload, no scroll). */
function MoveButton({
  id,
  move,
  label,
  enabled,
}: {
  id: number;
  move: "up" | "down";
  label: string;
  enabled: boolean;
}) {
  const fetcher = useFetcher({ key: `move-${id}-${move}` });
  return (
    <fetcher.Form method="post" preventScrollReset noValidate>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="move" value={move} />
      <Button
        submit
        icon={move === "up" ? ArrowUpIcon : ArrowDownIcon}
        accessibilityLabel={label}
        disabled={!enabled || fetcher.state !== "idle"}
        size="slim"
      />
    </fetcher.Form>
  );
}

export function SortingPage({ data }: { data: Data<typeof sortingData> }) {
  const { t } = useTranslation(["appointment-setup", "common"]);
  const { variant, title, services, canWrite } = data;
  return (
    <BackPage variant={variant} list="services" title={title}>
      <BlockStack gap="400">
        <Text as="p" tone="subdued">
          {t("help.sorting")}
        </Text>
        <Card padding="0">
          <ListTable
            resourceName={{ singular: t("service"), plural: t("services") }}
            primaryColumn={1}
            itemCount={services.length}
            emptyText={t("no-services")}
            headings={[
              { title: t("column.position") },
              { title: t("column.name") },
              { title: t("column.status") },
              ...(canWrite ? [{ title: t("column.move") }] : []),
            ]}
          >
            {services.map((service, index) => (
              <IndexTable.Row id={String(service.id)} key={service.id} position={index}>
                <IndexTable.Cell>{index + 1}</IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" fontWeight="semibold">
                    {service.name}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <StatusBadge tone={STATUS_TONES[service.status]}>{t(`status.${service.status}`)}</StatusBadge>
                </IndexTable.Cell>
                {canWrite && (
                  <IndexTable.Cell>
                    <InlineStack gap="100" wrap={false}>
                      <MoveButton
                        id={service.id}
                        move="up"
                        label={t("move-up", { name: service.name })}
                        enabled={index > 0}
                      />
                      <MoveButton
                        id={service.id}
                        move="down"
                        label={t("move-down", { name: service.name })}
                        enabled={index < services.length - 1}
                      />
                    </InlineStack>
                  </IndexTable.Cell>
                )}
              </IndexTable.Row>
            ))}
          </ListTable>
        </Card>
      </BlockStack>
    </BackPage>
  );
}

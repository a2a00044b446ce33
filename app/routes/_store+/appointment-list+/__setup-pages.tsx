import type { SubmissionResult } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { ArrowDownIcon, ArrowUpIcon } from "@shopify/polaris-icons";
import { useTranslation } from "react-i18next";
import type {
  AppointmentChoices,
  ProviderRecord,
  AppointmentCategoryRecord,
} from "#modules/appointment-setup/contract";
import type { AppointmentVariant } from "#contract/appointments";
import { CalendarFeedCard } from "~/components/calendar-feed";
import { DeleteRecord } from "~/components/delete-record";
import { ListTable } from "~/components/list-table";
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
import type { serviceDetailData, sortingData } from "./__setup.server";
import { SETUP_URLS, STATUS_TONES } from "./__setup";

type Result = SubmissionResult<string[]> | null | undefined;
type Data<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;

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

// ---------------------------------------------------------------------------------------------
// Providers

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
    /** For those who may write the module. */
    calendarFeed: { url: string | null } | null;
    canWrite: boolean;
    confirmingDelete: boolean;
  };
  result: Result;
}) {
  const { t } = useTranslation("appointment-setup");
  const [form, fields] = useZodForm(editProviderFormSchema, result, providerFormValues(data.provider));
  const consequence = t("delete-provider-consequence");
  return (
    <BackPage variant={data.variant} list="providers" title={data.title}>
      <BlockStack gap="400">
        {data.confirmingDelete && <DeleteRecord name={data.name} consequence={consequence} confirming />}
        <SaveForm form={form} readOnly={!data.canWrite} version={fields.version}>
          <ProviderFields fields={fields} staff={data.staff} />
        </SaveForm>
        {data.calendarFeed && !data.confirmingDelete && (
          <CalendarFeedCard url={data.calendarFeed.url} medical={data.variant === "medical"} />
        )}
        {data.canWrite && !data.confirmingDelete && (
          <DeleteRecord name={data.name} consequence={consequence} confirming={false} />
        )}
      </BlockStack>
    </BackPage>
  );
}

// ---------------------------------------------------------------------------------------------
// Categories

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
  const consequence = t("delete-category-consequence");
  return (
    <BackPage variant={data.variant} list="categories" title={data.title}>
      <BlockStack gap="400">
        {data.confirmingDelete && <DeleteRecord name={data.name} consequence={consequence} confirming />}
        <SaveForm form={form} encType="multipart/form-data" readOnly={!data.canWrite} version={fields.version}>
          <CategoryFields fields={fields} variant={data.variant} />
        </SaveForm>
        {data.canWrite && !data.confirmingDelete && (
          <DeleteRecord name={data.name} consequence={consequence} confirming={false} />
        )}
      </BlockStack>
    </BackPage>
  );
}

// ---------------------------------------------------------------------------------------------
// Services

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
  const consequence = t("delete-service-consequence");
  return (
    <BackPage variant={data.variant} list="services" title={data.title}>
      <BlockStack gap="400">
        {data.confirmingDelete && <DeleteRecord name={data.name} consequence={consequence} confirming />}
        <EditServiceForm key={data.service.version} data={data} result={result} />
        {data.canWrite && !data.confirmingDelete && (
          <DeleteRecord name={data.name} consequence={consequence} confirming={false} />
        )}
      </BlockStack>
    </BackPage>
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

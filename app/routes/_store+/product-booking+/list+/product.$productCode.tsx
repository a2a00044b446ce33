import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Box } from "@shopify/polaris/build/esm/components/Box/Box.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { centsToDollars, formatHkd } from "#contract/money";
import { CheckboxInput } from "~/components/choice-inputs";
import type { FormFields } from "~/components/field";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors } from "~/components/form-errors";
import { LinesError } from "~/components/form-lines";
import { FormSection } from "~/components/form-section";
import { ListTable } from "~/components/list-table";
import { SaveForm } from "~/components/save-form";
import { StatusBadge } from "~/components/status-badge";
import { TextInput, TextInputPair } from "~/components/text-input";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { asRouteError, httpError } from "~/server/errors.server";
import { submitForm, withListFieldNames } from "~/server/forms.server";
import { can, requireCan } from "~/server/permissions.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { editSettingFormSchema, settingFormSchema } from "./__booking-form";
import { bookingUrl, LIST_URL, productUrl, STATUS_TONES } from "./__product-booking";

export const handle: RouteHandle = { i18n: ["product-booking"], parent: LIST_URL };
export const meta = titleMeta;

const convertFormSchema = z.object({});

/** A product code no product can have is no page (the contract's rule: letters, digits, - and _). */
function productCodeOf(param: string | undefined) {
  if (!param || !/^[\w-]{1,64}$/.test(param)) throw httpError(404, "not-found");
  return param;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "product_booking:read");
  const { data } = await client
    .get_product_booking_setting_data_by_application_key_and_product_code({
      application_key: store.applicationKey,
      product_code: productCodeOf(params.productCode),
    })
    .catch(asRouteError);
  const { product, setting, variants, queue } = data;
  const name = localizedName(product, context.locale, "name");
  const stockOf = (row: { unlimited_inventory: boolean; stock: number }) =>
    row.unlimited_inventory ? "∞" : String(row.stock);
  return {
    title: context.t("product-booking:title.product", { name }),
    subtitle: product.product_code,
    canWrite: can(user, "product_booking:write"),
    stock: stockOf(product),
    setUp: setting !== null,
    version: setting?.version ?? 0,
    // A variant without a quota takes no bookings (0); a product set up now offers 10 of each.
    defaultValue: {
      ...(setting
        ? {
            open: setting.open,
            deposit_cents: centsToDollars(setting.deposit_cents),
            expected_arrival_date: setting.expected_arrival_date ?? "",
            version: setting.version,
          }
        : { open: true, deposit_cents: "0", expected_arrival_date: "" }),
      quotas: variants.map((variant) => ({
        variant_id: String(variant.id),
        quota: String(variant.quota ?? (setting ? 0 : 10)),
      })),
    },
    variants: variants.map((variant) => ({
      label: localizedName(variant, context.locale, "label"),
      booked: variant.booked_units,
      stock: stockOf(variant),
    })),
    hasOptions: variants.some((variant) => variant.label_zh_hk !== ""),
    queue: queue.map((booking) => ({
      id: booking.id,
      url: bookingUrl(booking.id),
      customer: booking.customer_name,
      variant: localizedName(
        { variant_name_zh_hk: booking.variant_name_zh_hk ?? "", variant_name_en: booking.variant_name_en ?? "" },
        context.locale,
        "variant_name",
      ),
      quantity: booking.quantity,
      deposit: booking.deposit_paid ? formatHkd(booking.deposit_cents) : "—",
      status: booking.status,
      created: hongKongTime(booking.create_date),
    })),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "product_booking:write");
  const code = { application_key: store.applicationKey, product_code: productCodeOf(params.productCode) };
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "convert") {
    let result = { converted: 0, remaining: 0 };
    const submitted = await submitForm(formData, convertFormSchema, async () => {
      const { data } = await client.add_product_booking_order_data(code);
      result = { converted: data.converted.length, remaining: data.remaining };
    });
    if (!submitted.saved) return { intent: "convert" as const, reply: submitted.reply };
    return redirectWithToast(
      productUrl(code.product_code),
      {
        tone: result.converted > 0 ? "success" : "warning",
        message: result.converted > 0 ? "product-booking:converted" : "product-booking:converted-none",
        values: { count: result.converted, remaining: result.remaining },
      },
      request,
      context,
    );
  }
  const submitted =
    intent === "add"
      ? await submitForm(formData, settingFormSchema, (value) =>
          withListFieldNames(client.add_product_booking_setting_data({ ...code, ...value })),
        )
      : await submitForm(formData, editSettingFormSchema, (value) =>
          withListFieldNames(
            client.update_product_booking_setting_data_by_application_key_and_product_code({ ...code, ...value }),
          ),
        );
  if (!submitted.saved) return { intent: "setting" as const, reply: submitted.reply };
  return redirectWithToast(
    productUrl(code.product_code),
    { tone: "success", message: "common:form.saved" },
    request,
    context,
  );
}

export default function ProductBookingSettingPage() {
  const { t } = useTranslation(["product-booking", "common"]);
  const { title, subtitle, setUp, version } = useLoaderData<typeof loader>();
  return (
    <Page title={title} subtitle={subtitle} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <BlockStack gap="400">
        {!setUp && <Banner tone="info">{t("not-set-up")}</Banner>}
        <SettingForm key={version} />
        {setUp && <Queue />}
      </BlockStack>
    </Page>
  );
}

function SettingForm() {
  const { t } = useTranslation(["product-booking", "common"]);
  const { setUp, canWrite, defaultValue } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const reply = result?.intent === "setting" ? result.reply : undefined;
  const [addForm, addFields] = useZodForm(settingFormSchema, reply, defaultValue);
  const [editForm, editFields] = useZodForm(editSettingFormSchema, reply, defaultValue);
  return setUp ? (
    <SaveForm form={editForm} readOnly={!canWrite} version={editFields.version}>
      <input type="hidden" name="intent" value="edit" />
      <SettingFields fields={editFields} />
    </SaveForm>
  ) : (
    <SaveForm form={addForm} readOnly={!canWrite} submitLabel={t("set-up-product")}>
      <input type="hidden" name="intent" value="add" />
      <SettingFields fields={addFields} />
    </SaveForm>
  );
}

/** The product's setting, and a quota per variant (each labelled by its option values, with its booked units and stock). */
function SettingFields({
  fields,
}: {
  fields: FormFields<typeof settingFormSchema> &
    Pick<ReturnType<typeof useZodForm<typeof settingFormSchema>>[1], "quotas">;
}) {
  const { t } = useTranslation("product-booking");
  const { variants } = useLoaderData<typeof loader>();
  return (
    <FormSection title={t("section.setting")}>
      <FormLayout>
        <CheckboxInput field={fields.open} label={t("field.open")} />
        <TextInputPair
          fields={[
            { field: fields.deposit_cents, label: t("field.deposit") },
            { field: fields.expected_arrival_date, label: t("field.arrival"), type: "date" },
          ]}
        />
        <Text as="p" tone="subdued">
          {t("help.quota")}
        </Text>
        <LinesError field={fields.quotas} />
        {fields.quotas.getFieldList().map((line, index) => {
          const field = line.getFieldset();
          const variant = variants[index];
          return (
            <Fragment key={line.key}>
              <input type="hidden" name={field.variant_id.name} value={String(field.variant_id.initialValue ?? "")} />
              <TextInput
                field={field.quota}
                label={variant?.label ? t("field.quota-of", { variant: variant.label }) : t("field.quota")}
                type="number"
                autoComplete="off"
                helpText={variant && t("quota-booked", { booked: variant.booked, stock: variant.stock })}
              />
              <LinesError field={field.variant_id} />
            </Fragment>
          );
        })}
      </FormLayout>
    </FormSection>
  );
}

function Queue() {
  const { t } = useTranslation(["product-booking", "common"]);
  const { queue, stock, canWrite, hasOptions } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [form] = useZodForm(convertFormSchema, result?.intent === "convert" ? result.reply : undefined);
  return (
    <Card padding="0">
      <BlockStack gap="300">
        <Box paddingBlockStart="400" paddingInline="400">
          <Text as="h2" variant="headingMd">
            {t("section.queue")}
          </Text>
        </Box>
        <ListTable
          resourceName={{ singular: t("booking"), plural: t("bookings") }}
          itemCount={queue.length}
          emptyText={t("no-queue")}
          headings={[
            { title: t("column.customer") },
            ...(hasOptions ? [{ title: t("column.variant") }] : []),
            { title: t("column.quantity") },
            { title: t("column.deposit-paid") },
            { title: t("column.status") },
            { title: t("column.created") },
          ]}
        >
          {queue.map((booking, index) => (
            <IndexTable.Row id={String(booking.id)} key={booking.id} position={index}>
              <IndexTable.Cell>
                <Link url={booking.url} dataPrimaryLink removeUnderline>
                  <Text as="span" fontWeight="semibold">
                    {`#${booking.id} ${booking.customer}`}
                  </Text>
                </Link>
              </IndexTable.Cell>
              {hasOptions && <IndexTable.Cell>{booking.variant || "—"}</IndexTable.Cell>}
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
        {canWrite && queue.length > 0 && (
          <Box paddingBlockEnd="400" paddingInline="400">
            <Form method="post" {...getFormProps(form)}>
              <input type="hidden" name="intent" value="convert" />
              <BlockStack gap="200">
                <FormErrors form={form} />
                <Text as="p" tone="subdued">
                  {t("help.convert", { stock })}
                </Text>
                <Text as="p" tone="subdued">
                  {t("help.deposit-order")}
                </Text>
                <InlineStack>
                  <Button submit variant="primary">
                    {t("convert")}
                  </Button>
                </InlineStack>
              </BlockStack>
            </Form>
          </Box>
        )}
      </BlockStack>
    </Card>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

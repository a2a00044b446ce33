import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { hongKongDate, hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import type { RentingCalendar as Calendar } from "#modules/renting/contract";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { asRouteError, recordId } from "~/server/errors.server";
import { submitForm } from "~/server/forms.server";
import { can, requireCan } from "~/server/permissions.server";
import { uploadTarget } from "~/server/uploads.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { RentingCalendar, type CalendarData } from "./__calendar";
import { PRODUCT_LIST_URL, productUrl } from "../renting-record+/__renting";
import { editProductFormSchema, ProductFields, productFormValues, RENTING_UPLOADS } from "./__product-form";

export const handle: RouteHandle = { i18n: ["renting"], parent: PRODUCT_LIST_URL };
export const meta = titleMeta;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month `offset` months from `month` (YYYY-MM). */
function monthFrom(month: string, offset: number) {
  const date = new Date(Date.parse(`${month}-01T00:00:00Z`));
  date.setUTCMonth(date.getUTCMonth() + offset);
  return date.toISOString().slice(0, 7);
}

function calendarData(month: string, calendar: Calendar): CalendarData {
  // Monday is column 0: blanks before the month's first day.
  const blanks = (new Date(`${month}-01T00:00:00Z`).getUTCDay() + 6) % 7;
  const cells = [
    ...Array.from({ length: blanks }, () => null),
    ...calendar.days.map((day) => ({ date: day.date, day: Number(day.date.slice(8)), booked: day.booked_units })),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  return {
    month,
    previousMonth: monthFrom(month, -1),
    nextMonth: monthFrom(month, 1),
    unitsOwned: calendar.product.units_owned,
    weeks: Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7)),
    records: calendar.records.map((record) => ({
      id: record.id,
      customer: record.customer_name,
      period: `${hongKongTime(record.starts_at)} – ${hongKongTime(record.ends_at)}`,
      units: record.units,
      status: record.status,
    })),
  };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "renting:read");
  const id = recordId(params.id);
  const asked = new URL(request.url).searchParams.get("month") ?? "";
  const month = MONTH.test(asked) ? asked : hongKongDate(new Date(context.now())).slice(0, 7);
  const key = { application_key: store.applicationKey };
  const [{ data: product }, { data: calendar }] = await Promise.all([
    client.get_renting_product_data_by_application_key_and_id({ ...key, id }),
    client.get_renting_calendar_data_by_application_key({ ...key, product_id: id, month }),
  ]).catch(asRouteError);
  return {
    title: localizedName(product, context.locale, "name") || context.t("renting:title.product-detail"),
    defaultValue: productFormValues(product),
    version: product.version,
    calendar: calendarData(month, calendar),
    canWrite: can(user, "renting:write"),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "renting:write");
  const id = recordId(params.id);
  const submitted = await submitForm(
    await request.formData(),
    editProductFormSchema,
    (value) =>
      client.update_renting_product_data_by_application_key_and_id({
        application_key: store.applicationKey,
        id,
        ...value,
      }),
    { uploads: { rules: RENTING_UPLOADS, target: uploadTarget(context, { client, store }, "renting") } },
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(productUrl(id), { tone: "success", message: "common:form.saved" }, request, context);
}

export default function RentingProductDetail() {
  const { t } = useTranslation(["renting", "common"]);
  const { title, version, calendar } = useLoaderData<typeof loader>();
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: PRODUCT_LIST_URL }}>
      <BlockStack gap="400">
        <ProductForm key={version} />
        <RentingCalendar calendar={calendar} />
      </BlockStack>
    </Page>
  );
}

/** Keyed by the saved version, so after a save the form starts over from the saved product. */
function ProductForm() {
  const { defaultValue, canWrite } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(editProductFormSchema, useActionData<typeof action>(), defaultValue);
  return (
    <SaveForm form={form} encType="multipart/form-data" readOnly={!canWrite} version={fields.version}>
      <ProductFields fields={fields} imageSlots={fields.images.getFieldList()} />
    </SaveForm>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

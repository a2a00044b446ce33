import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { DescriptionList } from "@shopify/polaris/build/esm/components/DescriptionList/DescriptionList.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { hongKongTime } from "#contract/dates";
import { formatHkd } from "#contract/money";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { StatusBadge } from "~/components/status-badge";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { asRouteError, recordId } from "~/server/errors.server";
import { submitForm } from "~/server/forms.server";
import { can, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { BookingMoves, moveFormSchema } from "./__booking-moves";
import { bookedName, bookingUrl, LIST_URL, productUrl, STATUS_TONES } from "./__product-booking";

export const handle: RouteHandle = { i18n: ["product-booking"], parent: LIST_URL };
export const meta = titleMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "product_booking:read");
  const { data: booking } = await client
    .get_product_booking_data_by_application_key_and_id({
      application_key: store.applicationKey,
      id: recordId(params.id),
    })
    .catch(asRouteError);
  const canWrite = can(user, "product_booking:write");
  const t = context.t;
  return {
    title: t("product-booking:title.booking", { number: `#${booking.id}` }),
    booking: { id: booking.id, status: booking.status, version: booking.version },
    product: {
      name: bookedName(booking, context.locale),
      url: productUrl(booking.product.product_code),
    },
    order: booking.order && {
      label: t("product-booking:order-value", { number: `#${booking.order.order_number}` }),
      url: `/order/order-list/detail/${booking.order.id}`,
    },
    rows: [
      [t("product-booking:column.customer"), booking.customer_name],
      [t("product-booking:column.member-code"), booking.member?.member_code ?? "—"],
      [t("product-booking:column.phone"), booking.customer_phone || "—"],
      [t("product-booking:column.email"), booking.customer_email || "—"],
      [t("product-booking:column.quantity"), String(booking.quantity)],
      [
        t("product-booking:column.deposit"),
        t("product-booking:deposit-value", {
          amount: formatHkd(booking.deposit_cents),
          paid: t(booking.deposit_paid ? "product-booking:deposit-paid" : "product-booking:deposit-unpaid"),
        }),
      ],
      [t("product-booking:column.channel"), t(`product-booking:channel.${booking.channel}`)],
      [t("product-booking:column.created"), hongKongTime(booking.create_date)],
      [t("product-booking:column.note"), booking.note || "—"],
    ] as const,
    canWrite,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "product_booking:write");
  const id = recordId(params.id);
  const submitted = await submitForm(await request.formData(), moveFormSchema, (value) =>
    client.update_product_booking_status_data_by_application_key_and_id({
      application_key: store.applicationKey,
      ...value,
      id,
    }),
  );
  if (!submitted.saved) return submitted.reply;
  const message =
    submitted.value.status === "notified" ? "product-booking:saved-notified" : "product-booking:saved-cancelled";
  return redirectWithToast(bookingUrl(id), { tone: "success", message }, request, context);
}

export default function ProductBookingDetail() {
  const { t } = useTranslation(["product-booking", "common"]);
  const { title, booking, product, order, rows, canWrite } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <Card>
        <BlockStack gap="300">
          <InlineStack gap="200" align="space-between" blockAlign="center" wrap>
            <Link url={product.url}>{product.name}</Link>
            <StatusBadge tone={STATUS_TONES[booking.status]}>{t(`status.${booking.status}`)}</StatusBadge>
          </InlineStack>
          {order && <Link url={order.url}>{order.label}</Link>}
          <DescriptionList items={rows.map(([term, description]) => ({ term, description }))} />
          {canWrite && <BookingMoves key={booking.version} booking={booking} reply={reply} />}
        </BlockStack>
      </Card>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

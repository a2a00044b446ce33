import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { useTranslation } from "react-i18next";
import { payloads } from "#contract/actions";
import type { PRODUCT_BOOKING_MOVES, ProductBookingStatus } from "#modules/product-booking/contract";
import { FormErrors } from "~/components/form-errors";
import { useZodForm } from "~/utils/forms";

export const moveFormSchema = payloads.update_product_booking_status_data_by_application_key_and_id.omit({
  application_key: true,
});

type Booking = { id: number; status: ProductBookingStatus; version: number };
type Reply = SubmissionResult<string[]> | undefined;

/** Notify or cancel an open booking: a form of one button each, over the version the page showed. */
export function BookingMoves({ booking, reply }: { booking: Booking; reply: Reply }) {
  const { t } = useTranslation("product-booking");
  // The refusal of either button shows above both.
  const [form] = useZodForm(moveFormSchema, reply, { id: booking.id });
  if (booking.status !== "booked" && booking.status !== "notified") return null;
  return (
    <BlockStack gap="200">
      <FormErrors form={form} />
      <InlineStack gap="200">
        <MoveButton booking={booking} to="notified" label={t("notify")} />
        <MoveButton booking={booking} to="cancelled" label={t("cancel")} critical />
      </InlineStack>
    </BlockStack>
  );
}

function MoveButton({
  booking,
  to,
  label,
  critical = false,
}: {
  booking: Booking;
  to: (typeof PRODUCT_BOOKING_MOVES)[number];
  label: string;
  critical?: boolean;
}) {
  const [form] = useZodForm(moveFormSchema, undefined, { id: booking.id });
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="id" value={booking.id} />
      <input type="hidden" name="version" value={booking.version} />
      <input type="hidden" name="status" value={to} />
      <Button submit tone={critical ? "critical" : undefined}>
        {label}
      </Button>
    </Form>
  );
}

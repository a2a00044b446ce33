import { useTranslation } from "react-i18next";
import * as z from "zod";
import { DISTRICTS } from "#contract/options";
import { orderDeliveryFields, type OrderRecord } from "#modules/order/contract";
import { version } from "#contract/parts";
import { SelectInput } from "~/components/choice-inputs";
import type { FormFields } from "~/components/field";
import { TextInput } from "~/components/text-input";

/** The order's delivery data as its form posts it, with the version it was loaded with. */
export const deliveryFormSchema = z.object({ ...orderDeliveryFields, version });

export function deliveryFormValues(order: OrderRecord) {
  return {
    receiver_name: order.receiver_name ?? "",
    receiver_phone: order.receiver_phone ?? "",
    delivery_address: order.delivery_address ?? "",
    delivery_district: order.delivery_district ?? "",
    delivery_remark: order.delivery_remark ?? "",
    delivery_number: order.delivery_number ?? "",
    version: order.version,
  };
}

export function DeliveryFields({ fields }: { fields: FormFields<typeof deliveryFormSchema> }) {
  const { t } = useTranslation(["order", "member"]);
  return (
    <>
      <TextInput field={fields.receiver_name} label={t("field.receiver-name")} autoComplete="off" />
      <TextInput field={fields.receiver_phone} label={t("field.receiver-phone")} autoComplete="off" type="tel" />
      <TextInput field={fields.delivery_address} label={t("field.delivery-address")} autoComplete="off" />
      <SelectInput
        field={fields.delivery_district}
        label={t("field.delivery-district")}
        choices={[
          { value: "", label: t("member:no-district") },
          ...DISTRICTS.map((district) => ({ value: district, label: t(`member:district.${district}`) })),
        ]}
      />
      <TextInput field={fields.delivery_remark} label={t("field.delivery-remark")} autoComplete="off" />
      <TextInput field={fields.delivery_number} label={t("field.delivery-number")} autoComplete="off" />
    </>
  );
}

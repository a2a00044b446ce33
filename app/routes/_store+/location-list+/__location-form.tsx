import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import {
  LOCATION_ADDRESS_MAX,
  locationFields,
  OPENING_HOURS_MAX,
  pickupPointAddress,
  type LocationRecord,
} from "#modules/location/contract";
import { version } from "#contract/parts";
import { CheckboxInput } from "~/components/choice-inputs";
import { FormSection } from "~/components/form-section";
import type { FormFields } from "~/components/field";
import { TextInput, TextInputPair } from "~/components/text-input";

export const LIST_URL = "/location-list";

/** The contract's location fields, a pickup point's address checked beside the Chinese address. */
export const locationFormSchema = z.object(locationFields).check(pickupPointAddress);
/** Editing one also posts back the version it was loaded with. */
export const editLocationFormSchema = z.object({ ...locationFields, version }).check(pickupPointAddress);

export function locationFormValues(location: LocationRecord) {
  return {
    name_zh_hk: location.name_zh_hk,
    name_en: location.name_en,
    address_zh_hk: location.address_zh_hk,
    address_en: location.address_en,
    phone: location.phone ?? "",
    opening_hours_zh_hk: location.opening_hours_zh_hk ?? "",
    opening_hours_en: location.opening_hours_en ?? "",
    sells_at_counter: location.sells_at_counter,
    ships_online_orders: location.ships_online_orders,
    is_pickup_point: location.is_pickup_point,
    version: location.version,
  };
}

/** Every field of a location, for adding and editing. */
export function LocationFields({ fields }: { fields: FormFields<typeof locationFormSchema> }) {
  const { t } = useTranslation("location");
  return (
    <>
      <FormSection title={t("section.details")}>
        <FormLayout>
          <TextInputPair
            fields={[
              { field: fields.name_zh_hk, label: t("field.name-zh-hk") },
              { field: fields.name_en, label: t("field.name-en") },
            ]}
          />
          <TextInputPair
            maxLength={LOCATION_ADDRESS_MAX}
            fields={[
              { field: fields.address_zh_hk, label: t("field.address-zh-hk") },
              { field: fields.address_en, label: t("field.address-en") },
            ]}
          />
          <TextInput field={fields.phone} label={t("field.phone")} type="tel" autoComplete="off" />
          <TextInputPair
            multiline={2}
            maxLength={OPENING_HOURS_MAX}
            helpText={t("help-field.opening-hours")}
            fields={[
              { field: fields.opening_hours_zh_hk, label: t("field.opening-hours-zh-hk") },
              { field: fields.opening_hours_en, label: t("field.opening-hours-en") },
            ]}
          />
        </FormLayout>
      </FormSection>
      <FormSection title={t("section.uses")}>
        <FormLayout>
          <CheckboxInput field={fields.sells_at_counter} label={t("field.sells-at-counter")} />
          <CheckboxInput field={fields.ships_online_orders} label={t("field.ships-online-orders")} />
          <CheckboxInput
            field={fields.is_pickup_point}
            label={t("field.is-pickup-point")}
            helpText={t("help-field.is-pickup-point")}
          />
        </FormLayout>
      </FormSection>
    </>
  );
}

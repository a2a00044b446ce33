import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { hkdAsCents, nullable } from "#contract/field-rules";
import { centsToDollars } from "#contract/money";
import { DELIVERY_METHODS, DISTRICTS, LOCATION_CODE_DELIVERY_METHODS } from "#contract/options";
import { version } from "#contract/parts";
import { deliveryMethodFields, INSTRUCTIONS_MAX, type StoreSettingData } from "#modules/setting/contract";
import { CheckboxInput } from "~/components/choice-inputs";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { FieldLike } from "~/components/field";
import { FormSection } from "~/components/form-section";
import { LabelValue } from "~/components/label-value";
import { SaveForm } from "~/components/save-form";
import { TextInput, TextInputPair } from "~/components/text-input";
import { requireStore } from "~/server/auth.server";
import { can, requireCan } from "~/server/permissions.server";
import { useZodForm } from "~/utils/forms";
import { saveSettingPage, settingPageData } from "./__setting-page.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";

export const handle: RouteHandle = { i18n: ["setting", "stores"] };
export const meta = titleMeta;

const PAGE_URL = "/setting/delivery-setting";

/** The contract's fields with amounts typed in HK$. */
const methodSchema = z.object({
  ...deliveryMethodFields,
  charge_cents: z.object(
    Object.fromEntries(DISTRICTS.map((district) => [district, hkdAsCents()])) as {
      [D in (typeof DISTRICTS)[number]]: ReturnType<typeof hkdAsCents>;
    },
  ),
  free_delivery_amount_cents: nullable(hkdAsCents()),
});

const formSchema = z.object({
  methods: z.object(
    Object.fromEntries(DELIVERY_METHODS.map((method) => [method, methodSchema])) as {
      [M in DeliveryMethod]: typeof methodSchema;
    },
  ),
  version,
});

type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

function formValues({ delivery }: StoreSettingData) {
  return {
    methods: Object.fromEntries(
      Object.entries(delivery.methods).map(([method, setting]) => [
        method,
        {
          enabled: setting.enabled,
          charge_cents: Object.fromEntries(
            Object.entries(setting.charge_cents).map(([district, cents]) => [district, centsToDollars(cents)]),
          ),
          free_delivery_amount_cents:
            setting.free_delivery_amount_cents === null ? "" : centsToDollars(setting.free_delivery_amount_cents),
          instructions_zh_hk: setting.instructions_zh_hk ?? "",
          instructions_en: setting.instructions_en ?? "",
        },
      ]),
    ),
    version: delivery.version,
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "setting:read");
  return settingPageData(context, { user, store, client }, "delivery", formValues, (setting) => ({
    pickupAddresses: setting.delivery.methods.self_pickup.pickup_addresses,
    canSeeLocations: can(user, "location:read"),
  }));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "setting:write");
  return saveSettingPage(request, context, { user, store, client }, { url: PAGE_URL, formSchema }, (value) =>
    client.update_store_delivery_setting_data_by_application_key({
      application_key: store.applicationKey,
      ...value,
    }),
  );
}

export default function DeliverySetting() {
  const { defaultValue } = useLoaderData<typeof loader>();
  return <DeliverySettingForm key={defaultValue.version} />;
}

function DeliverySettingForm() {
  const { title, defaultValue, canWrite } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(formSchema, useActionData<typeof action>(), defaultValue);
  const methods = fields.methods.getFieldset();
  return (
    <Page title={title}>
      <SaveForm form={form} readOnly={!canWrite} version={fields.version}>
        {DELIVERY_METHODS.map((method) => (
          <DeliveryMethodFields key={method} method={method} fields={methods[method].getFieldset()} />
        ))}
      </SaveForm>
    </Page>
  );
}

type MethodFields = Record<keyof z.input<typeof methodSchema>, FieldLike> & {
  charge_cents: FieldLike & { getFieldset: () => Record<(typeof DISTRICTS)[number], FieldLike> };
};

function DeliveryMethodFields({ method, fields }: { method: DeliveryMethod; fields: MethodFields }) {
  const { t } = useTranslation(["setting", "stores"]);
  const charges = fields.charge_cents.getFieldset();
  return (
    <FormSection title={t(`stores:delivery.${method}`)}>
      <FormLayout>
        <CheckboxInput
          field={fields.enabled}
          label={t("field.enabled")}
          helpText={
            (LOCATION_CODE_DELIVERY_METHODS as readonly string[]).includes(method) ? t("help.location-code") : undefined
          }
        />
        <FormLayout.Group>
          {DISTRICTS.map((district) => (
            <TextInput
              key={district}
              field={charges[district]}
              label={`${t("field.charges")} · ${t(`district.${district}`)}`}
              autoComplete="off"
              prefix="$"
            />
          ))}
        </FormLayout.Group>
        <TextInput
          field={fields.free_delivery_amount_cents}
          label={t("field.free-delivery-amount")}
          autoComplete="off"
          prefix="$"
          helpText={t("help.free-delivery")}
        />
        <TextInputPair
          multiline={3}
          maxLength={INSTRUCTIONS_MAX}
          fields={[
            { field: fields.instructions_zh_hk, label: t("field.instructions-zh-hk") },
            { field: fields.instructions_en, label: t("field.instructions-en") },
          ]}
        />
        {method === "self_pickup" && <PickupAddresses />}
      </FormLayout>
    </FormSection>
  );
}

/** Self pickup's addresses are the pickup locations', managed on their own pages. */
function PickupAddresses() {
  const { t } = useTranslation("setting");
  const { more } = useLoaderData<typeof loader>();
  return (
    <LabelValue label={t("field.pickup-addresses")} layout="stacked">
      {more.pickupAddresses.length > 0 ? more.pickupAddresses.join(" · ") : t("no-pickup-addresses")}
      {more.canSeeLocations && (
        <>
          {" "}
          <Link to="/location-list?use=pickup">{t("manage-pickup-locations")}</Link>
        </>
      )}
    </LabelValue>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

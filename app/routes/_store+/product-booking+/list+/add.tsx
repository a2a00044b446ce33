import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { isSingleLineText } from "#contract/field-rules";
import { localizedLineName } from "#contract/localized";
import { formatHkd } from "#contract/money";
import { MAX_KEYWORD_LENGTH } from "#contract/options";
import { MAX_BOOKING_NOTE_LENGTH } from "#modules/product-booking/contract";
import { offerKey, parseOfferKey } from "#modules/purchase-order/contract";
import { CheckboxInput, SelectInput } from "~/components/choice-inputs";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormSection } from "~/components/form-section";
import { SaveForm } from "~/components/save-form";
import { TextInput, TextInputPair } from "~/components/text-input";
import { KeywordSearchCard } from "~/components/search-form";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { submitForm } from "~/server/forms.server";
import { requireCan } from "~/server/permissions.server";
import { memberChoices } from "~/server/member-choices.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { bookingFormSchema } from "./__booking-form";
import { bookingUrl, LIST_URL, SETUP_URL } from "./__product-booking";

export const handle: RouteHandle = { i18n: ["product-booking"], parent: LIST_URL };
export const meta = titleMeta;

/**
 * A booking in two plain forms: find the member (a GET of ?member=, which may find nobody: a guest), then
 * the booking of one of the variants taking bookings (the select's value is its key, `offerKey`: the
 * product code and the variant's id, posted as the two fields).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "product_booking:write");
  const url = new URL(request.url);
  const typed = url.searchParams.get("member")?.trim() ?? "";
  const q = isSingleLineText(typed) ? typed.slice(0, MAX_KEYWORD_LENGTH) : "";
  const { data: options } = await client
    .get_product_booking_option_data_list_by_application_key({
      application_key: store.applicationKey,
      keyword: q || undefined,
    })
    .catch(asRouteError);
  const chosenProduct = url.searchParams.get("product") ?? "";
  const keys = options.open_products.map((product) => offerKey(product.product_code, product.variant_id));
  return {
    title: context.t("product-booking:title.add"),
    q,
    members: [{ value: "", label: context.t("product-booking:field.guest") }, ...memberChoices(options.members)],
    products: options.open_products.map((product, index) => ({
      value: keys[index],
      label: `${localizedLineName(product, context.locale)} · ${formatHkd(product.deposit_cents)} · ${context.t(
        "product-booking:units-left",
        { count: product.units_left },
      )}`,
    })),
    // ?product= names a product (its first variant taking bookings) or one variant's key.
    product:
      keys.find((key) => key === chosenProduct || parseOfferKey(key).product_code === chosenProduct) ?? keys[0] ?? "",
    firstMember: options.members[0] ? String(options.members[0].id) : "",
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "product_booking:write");
  let bookedId = 0;
  const submitted = await submitForm(await request.formData(), bookingFormSchema, async (value) => {
    const { data } = await client.add_product_booking_data({
      application_key: store.applicationKey,
      ...value,
      ...parseOfferKey(value.product_code),
    });
    bookedId = data.id;
  });
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(bookingUrl(bookedId), { tone: "success", message: "common:form.saved" }, request, context);
}

export default function AddProductBooking() {
  const { t } = useTranslation(["product-booking", "common"]);
  const { title, q, products } = useLoaderData<typeof loader>();
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <BlockStack gap="400">
        <KeywordSearchCard
          id="member-search"
          name="member"
          label={t("field.member-search")}
          helpText={t("help.member-search")}
          value={q}
          button={t("search")}
        />
        {products.length === 0 ? (
          <Card>
            <Text as="p">
              <Link url={SETUP_URL}>{t("no-open-products")}</Link>
            </Text>
          </Card>
        ) : (
          <BookingForm key={q} />
        )}
      </BlockStack>
    </Page>
  );
}

function BookingForm() {
  const { t } = useTranslation(["product-booking", "common"]);
  const { q, members, products, product, firstMember } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(bookingFormSchema, useActionData<typeof action>(), {
    member_id: q ? firstMember : "",
    product_code: product,
    quantity: "1",
    deposit_paid: false,
    customer_name: "",
    customer_phone: "",
    customer_email: "",
    note: "",
  });
  return (
    <SaveForm form={form} submitLabel={t("add-booking")}>
      <FormSection title={t("section.booking")}>
        <SelectInput field={fields.product_code} label={t("field.product")} choices={products} />
        <FormLayout.Group>
          <TextInput field={fields.quantity} label={t("field.quantity")} autoComplete="off" />
          <CheckboxInput field={fields.deposit_paid} label={t("field.deposit-paid")} helpText={t("help.deposit")} />
        </FormLayout.Group>
        <TextInput
          field={fields.note}
          label={t("field.note")}
          autoComplete="off"
          multiline={2}
          maxLength={MAX_BOOKING_NOTE_LENGTH}
        />
      </FormSection>
      <FormSection title={t("section.customer")}>
        <SelectInput field={fields.member_id} label={t("field.member")} choices={members} helpText={t("help.guest")} />
        <TextInputPair
          fields={[
            { field: fields.customer_name, label: t("field.customer-name") },
            { field: fields.customer_phone, label: t("field.customer-phone"), type: "tel" },
          ]}
        />
        <TextInput field={fields.customer_email} label={t("field.customer-email")} type="email" autoComplete="off" />
      </FormSection>
    </SaveForm>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

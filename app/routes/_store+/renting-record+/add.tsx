import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { localizedName } from "#contract/localized";
import { formatHkd } from "#contract/money";
import { CheckboxInput } from "~/components/choice-inputs";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormSection } from "~/components/form-section";
import { QueryInput } from "~/components/query-input";
import { QuerySelect } from "~/components/list-table";
import { SaveForm } from "~/components/save-form";
import { TextInput } from "~/components/text-input";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { submitForm } from "~/server/forms.server";
import { requireCan } from "~/server/permissions.server";
import { memberChoices } from "~/server/member-choices.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { translateErrors } from "~/utils/messages";
import { titleMeta } from "~/utils/meta";
import { CustomerFields, HiddenFieldErrors, MemberSearch, priceQuerySchema, rentFormSchema } from "./__record-form";
import { RECORD_LIST_URL, recordUrl } from "./__renting";

export const handle: RouteHandle = { i18n: ["renting"], parent: RECORD_LIST_URL };
export const meta = titleMeta;

/** The rental chosen in the page's GET form: product, units and Hong Kong range, as typed. */
function chosenRental(url: URL) {
  const param = (name: string) => (url.searchParams.get(name) ?? "").trim().slice(0, 100);
  return {
    product: param("product"),
    units: param("units") || "1",
    starts_at: param("starts_at"),
    ends_at: param("ends_at"),
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "renting:write");
  const url = new URL(request.url);
  const keyword = (url.searchParams.get("member") ?? "").trim().slice(0, 100);
  const chosen = chosenRental(url);
  const key = { application_key: store.applicationKey };
  // The price is read once the range is chosen and passes the rules; else the rules' errors show beside it.
  const priced = chosen.starts_at
    ? priceQuerySchema.safeParse({
        product_id: chosen.product,
        units: Number(chosen.units),
        starts_at: chosen.starts_at,
        ends_at: chosen.ends_at,
      })
    : null;
  const [{ data: options }, price] = await Promise.all([
    client.get_renting_record_option_data_list_by_application_key({ ...key, keyword: keyword || undefined }),
    priced?.success ? client.get_renting_price_data_by_application_key({ ...key, ...priced.data }) : null,
  ]).catch(asRouteError);
  const errors: Record<string, string[]> = {};
  for (const issue of priced?.error?.issues ?? []) (errors[String(issue.path[0])] ??= []).push(issue.message);
  const product = options.products.find((choice) => String(choice.id) === chosen.product);
  return {
    title: context.t("renting:title.add-record"),
    products: options.products.map((choice) => ({
      value: String(choice.id),
      label: `${localizedName(choice, context.locale, "name")} · ${formatHkd(choice.price_per_day_cents)}`,
    })),
    chosen: { ...chosen, product: chosen.product || String(options.products[0]?.id ?? "") },
    errors,
    preview:
      price && product
        ? {
            product: localizedName(product, context.locale, "name"),
            text: context.t("renting:price-preview", {
              days: price.data.days,
              rent: formatHkd(price.data.rent_cents),
              deposit: formatHkd(price.data.deposit_cents),
            }),
          }
        : null,
    keyword,
    members: keyword ? memberChoices(options.members) : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "renting:write");
  let bookedId = 0;
  const submitted = await submitForm(await request.formData(), rentFormSchema, async (value) => {
    const { data } = await client.add_renting_record_data({ application_key: store.applicationKey, ...value });
    bookedId = data.id;
  });
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(recordUrl(bookedId), { tone: "success", message: "renting:booked" }, request, context);
}

export default function AddRentingRecord() {
  const { t } = useTranslation(["renting", "common"]);
  const data = useLoaderData<typeof loader>();
  const { chosen } = data;
  const result = useActionData<typeof action>();
  const [form, fields] = useZodForm(rentFormSchema, result, { member_id: "" });
  // From the reply, not the live field: revalidating as the box is ticked clears the field's server error.
  const confirming = result?.error?.starts_at?.includes("renting-start-passed") ?? false;
  const error = (name: string) => translateErrors(t, data.errors[name]);
  return (
    <Page title={data.title} backAction={{ content: t("common:shell.back"), url: RECORD_LIST_URL }}>
      <BlockStack gap="400">
        {data.products.length === 0 ? (
          <Banner tone="warning">
            <p>{t("no-rentable-products")}</p>
          </Banner>
        ) : (
          <>
            <FormSection title={t("section.rental")}>
              <Form method="get" replace preventScrollReset noValidate>
                {data.keyword && <input type="hidden" name="member" value={data.keyword} />}
                <FormLayout>
                  <QuerySelect
                    name="product"
                    label={t("field.product")}
                    value={chosen.product}
                    options={data.products}
                  />
                  <FormLayout.Group>
                    <QueryInput
                      name="starts_at"
                      label={t("field.starts-at")}
                      type="datetime-local"
                      value={chosen.starts_at}
                      error={error("starts_at")}
                      helpText={t("help.range")}
                    />
                    <QueryInput
                      name="ends_at"
                      label={t("field.ends-at")}
                      type="datetime-local"
                      value={chosen.ends_at}
                      error={error("ends_at")}
                    />
                    <QueryInput name="units" label={t("field.units")} value={chosen.units} error={error("units")} />
                  </FormLayout.Group>
                  {data.preview && (
                    <Text as="p" variant="headingSm">
                      {`${data.preview.product}: ${data.preview.text}`}
                    </Text>
                  )}
                  <InlineStack align="end">
                    <Button submit>{t("check-price")}</Button>
                  </InlineStack>
                </FormLayout>
              </Form>
            </FormSection>
            {data.preview && (
              <>
                <FormSection title={t("section.customer")}>
                  <MemberSearch keyword={data.keyword} keep={chosen} />
                </FormSection>
                <SaveForm form={form} submitLabel={t("rent")}>
                  <input type="hidden" name={fields.product_id.name} value={chosen.product} />
                  <input type="hidden" name={fields.starts_at.name} value={chosen.starts_at} />
                  <input type="hidden" name={fields.ends_at.name} value={chosen.ends_at} />
                  <input type="hidden" name={fields.units.name} value={chosen.units} />
                  <FormSection title={t("section.customer")}>
                    <HiddenFieldErrors fields={[fields.product_id, fields.units, fields.starts_at, fields.ends_at]} />
                    {confirming && (
                      <CheckboxInput
                        field={fields.confirm_outside_rules}
                        label={t("field.confirm-past-start")}
                        helpText={t("help.confirm-past-start")}
                      />
                    )}
                    <CustomerFields fields={fields} members={data.members} />
                    <TextInput field={fields.note} label={t("field.note")} multiline={3} autoComplete="off" />
                  </FormSection>
                </SaveForm>
              </>
            )}
          </>
        )}
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { payloads } from "#contract/actions";
import { CREDIT_ORDER_NOTE_MAX } from "#modules/credit-order/contract";
import { isSingleLineText } from "#contract/field-rules";
import { localizedName } from "#contract/localized";
import { formatHkd } from "#contract/money";
import { MAX_KEYWORD_LENGTH } from "#contract/options";
import { CheckboxInput, SelectInput } from "~/components/choice-inputs";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormSection } from "~/components/form-section";
import { SaveForm } from "~/components/save-form";
import { TextInput } from "~/components/text-input";
import { KeywordSearchCard } from "~/components/search-form";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { submitForm } from "~/server/forms.server";
import { requireCan } from "~/server/permissions.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { LIST_URL } from "./__credit-order-list";

export const handle: RouteHandle = { i18n: ["credit-order", "stores"], parent: LIST_URL };
export const meta = titleMeta;

const saleFormSchema = payloads.add_credit_order_data.omit({ application_key: true });

/**
 * A counter sale in two plain forms: find the member (a GET of ?q=), then the sale. The sale form carries
 * a fresh idempotency key, so a submission sent twice (a double click, a resubmitted page) makes one order.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "credit_package:write");
  const typed = new URL(request.url).searchParams.get("q")?.trim() ?? "";
  const q = isSingleLineText(typed) ? typed.slice(0, MAX_KEYWORD_LENGTH) : "";
  const { data } = await client
    .get_credit_order_option_data_list_by_application_key_and_keyword({
      application_key: store.applicationKey,
      keyword: q || undefined,
    })
    .catch(asRouteError);
  return {
    title: context.t("credit-order:title.add"),
    q,
    idempotencyKey: crypto.randomUUID(),
    members: data.members.map((member) => ({
      value: String(member.id),
      label: context.t("credit-order:member-choice", {
        name: member.name,
        code: [member.member_code, member.phone].filter(Boolean).join(" · "),
      }),
    })),
    packages: data.packages.map((pack) => ({
      value: String(pack.id),
      label: `${localizedName(pack, context.locale, "name")} · ${context.t("credit-order:package-line", {
        credits: pack.credits,
        price: formatHkd(pack.price_cents),
        days: pack.validity_days,
        starts: context.t(`credit-order:validity-starts.${pack.validity_starts}`),
      })}`,
    })),
    paymentMethods: data.payment_methods.map((method) => ({
      value: method,
      label: context.t(`stores:payment.${method}`),
    })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "credit_package:write");
  let added = 0;
  const submitted = await submitForm(await request.formData(), saleFormSchema, async (value) => {
    added = (await client.add_credit_order_data({ application_key: store.applicationKey, ...value })).data.id;
  });
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(
    `${LIST_URL}/detail/${added}`,
    { tone: "success", message: "common:form.saved" },
    request,
    context,
  );
}

export default function SellCreditPackage() {
  const { t } = useTranslation(["credit-order", "common"]);
  const { title, q, members, packages } = useLoaderData<typeof loader>();
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <BlockStack gap="400">
        <KeywordSearchCard
          id="member-search"
          name="q"
          label={t("field.member-search")}
          helpText={t("help.member-search")}
          value={q}
          button={t("member-search.button")}
        />
        {packages.length === 0 ? (
          <Card>
            <Text as="p">{t("no-packages")}</Text>
          </Card>
        ) : members.length === 0 ? (
          <Card>
            <Text as="p">{q ? t("member-search.none") : t("member-search.first")}</Text>
          </Card>
        ) : (
          <SaleForm key={q} />
        )}
      </BlockStack>
    </Page>
  );
}

function SaleForm() {
  const { t } = useTranslation(["credit-order", "common"]);
  const { idempotencyKey, members, packages, paymentMethods } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(saleFormSchema, useActionData<typeof action>(), {
    idempotency_key: idempotencyKey,
    member_id: members[0].value,
    package_id: packages[0].value,
    payment_method: paymentMethods[0]?.value ?? "",
    paid: "on",
    note: "",
  });
  return (
    <SaveForm form={form} submitLabel={t("add")}>
      <input
        type="hidden"
        name={fields.idempotency_key.name}
        value={String(fields.idempotency_key.initialValue ?? idempotencyKey)}
      />
      <FormSection title={t("section.sale")}>
        <SelectInput field={fields.member_id} label={t("field.member")} choices={members} />
        <SelectInput field={fields.package_id} label={t("field.package")} choices={packages} />
        <SelectInput field={fields.payment_method} label={t("field.payment-method")} choices={paymentMethods} />
        <CheckboxInput field={fields.paid} label={t("field.paid")} helpText={t("help.paid")} />
        <TextInput
          field={fields.note}
          label={t("field.note")}
          autoComplete="off"
          multiline={2}
          maxLength={CREDIT_ORDER_NOTE_MAX}
        />
      </FormSection>
    </SaveForm>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

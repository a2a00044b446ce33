import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Select } from "@shopify/polaris/build/esm/components/Select/Select.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { payloads } from "#contract/actions";
import { hongKongDate } from "#contract/dates";
import { isSingleLineText } from "#contract/field-rules";
import { localizedName } from "#contract/localized";
import { formatHkd } from "#contract/money";
import { MONTHLY_FEE_NOTE_MAX } from "#modules/monthly-fee/contract";
import { MAX_KEYWORD_LENGTH } from "#contract/options";
import { CheckboxInput, SelectInput } from "~/components/choice-inputs";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormSection } from "~/components/form-section";
import { SaveForm } from "~/components/save-form";
import { TextInput } from "~/components/text-input";
import { QueryInput } from "~/components/query-input";
import { SearchForm } from "~/components/search-form";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { submitForm } from "~/server/forms.server";
import { requireCan } from "~/server/permissions.server";
import { memberChoices } from "~/server/member-choices.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { LIST_URL, memberFeesUrl, PLAN_URL } from "./__monthly-fees";

export const handle: RouteHandle = { i18n: ["monthly-fee"], parent: LIST_URL };
export const meta = titleMeta;

const recordFormSchema = payloads.add_monthly_fee_record_data.omit({ application_key: true });

/**
 * A record in two plain forms: find the member and choose the plan (a GET of ?member=&plan=, or
 * ?member_id= from a member's page), then the record, which posts the chosen plan's days and price.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "monthly_fee:write");
  const url = new URL(request.url);
  const typed = url.searchParams.get("member")?.trim() ?? "";
  const q = isSingleLineText(typed) ? typed.slice(0, MAX_KEYWORD_LENGTH) : "";
  const memberId = Number(url.searchParams.get("member_id"));
  const fixedId = Number.isSafeInteger(memberId) && memberId > 0 ? memberId : null;
  const key = { application_key: store.applicationKey };
  const [{ data: options }, fixed] = await Promise.all([
    client.get_monthly_fee_record_option_data_list_by_application_key_and_keyword({
      ...key,
      keyword: fixedId ? undefined : q || undefined,
    }),
    fixedId
      ? client.get_monthly_fee_record_data_list_by_application_key_and_member_id({ ...key, member_id: fixedId })
      : null,
  ]).catch(asRouteError);
  const members = fixed ? [{ ...fixed.data.member, next_due_date: fixed.data.next_due_date }] : options.members;
  const today = hongKongDate(new Date(context.now()));
  const plan = options.plans.find((choice) => String(choice.id) === url.searchParams.get("plan")) ?? options.plans[0];
  return {
    title: context.t("monthly-fee:title.add-record"),
    q,
    fixedId,
    members: memberChoices(members),
    /** Each member's period starts on their next due date, today when they have none. */
    starts: Object.fromEntries(members.map((member) => [String(member.id), member.next_due_date ?? today])),
    plans: options.plans.map((choice) => ({
      value: String(choice.id),
      label: localizedName(choice, context.locale, "name"),
    })),
    plan: plan && {
      id: plan.id,
      name: localizedName(plan, context.locale, "name"),
      days: plan.days,
      priceCents: plan.price_cents,
      price: formatHkd(plan.price_cents),
    },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "monthly_fee:write");
  const submitted = await submitForm(await request.formData(), recordFormSchema, (value) =>
    client.add_monthly_fee_record_data({ application_key: store.applicationKey, ...value }),
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(
    memberFeesUrl(submitted.value.member_id),
    { tone: "success", message: "common:form.saved" },
    request,
    context,
  );
}

export default function AddMonthlyFeeRecord() {
  const { t } = useTranslation(["monthly-fee", "common"]);
  const { title, q, fixedId, members, plans, plan } = useLoaderData<typeof loader>();
  const [planChoice, setPlanChoice] = useState(plan ? String(plan.id) : "");
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <BlockStack gap="400">
        <Card>
          <SearchForm button={t("search")}>
            {fixedId ? (
              <input type="hidden" name="member_id" value={fixedId} />
            ) : (
              <QueryInput
                id="member-search"
                name="member"
                label={t("field.member-search")}
                helpText={t("help.member-search")}
                value={q}
                maxLength={MAX_KEYWORD_LENGTH}
              />
            )}
            {plans.length > 0 && (
              <Select name="plan" label={t("field.plan")} options={plans} value={planChoice} onChange={setPlanChoice} />
            )}
          </SearchForm>
        </Card>
        {!plan ? (
          <Card>
            <Text as="p">
              <Link url={`${PLAN_URL}/add`}>{t("no-active-plans")}</Link>
            </Text>
          </Card>
        ) : members.length === 0 ? (
          <Card>
            <Text as="p">{q ? t("no-members") : t("help.member-search")}</Text>
          </Card>
        ) : (
          <RecordForm key={`${q}-${plan.id}`} />
        )}
      </BlockStack>
    </Page>
  );
}

function RecordForm() {
  const { t } = useTranslation(["monthly-fee", "common"]);
  const { members, starts, plan } = useLoaderData<typeof loader>();
  const chosen = plan!;
  /** The member chosen on this page: their next due date replaces the start date. */
  const [chosenMember, setChosenMember] = useState<string | null>(null);
  const [form, fields] = useZodForm(recordFormSchema, useActionData<typeof action>(), {
    member_id: members[0].value,
    plan_id: String(chosen.id),
    period_start: starts[members[0].value],
    days: String(chosen.days),
    amount_cents: String(chosen.priceCents),
    renews: true,
    note: "",
  });
  return (
    <SaveForm form={form} submitLabel={t("add-record")}>
      <input type="hidden" name={fields.days.name} value={chosen.days} />
      <input type="hidden" name={fields.amount_cents.name} value={chosen.priceCents} />
      <FormSection title={t("section.record")}>
        <SelectInput field={fields.member_id} label={t("field.member")} choices={members} onChange={setChosenMember} />
        <SelectInput
          field={fields.plan_id}
          label={t("field.plan")}
          choices={[{ value: String(chosen.id), label: chosen.name }]}
          helpText={t("help.plan-charge", { days: chosen.days, price: chosen.price })}
        />
        <TextInput
          key={chosenMember}
          field={
            chosenMember === null ? fields.period_start : { ...fields.period_start, initialValue: starts[chosenMember] }
          }
          label={t("field.period-start")}
          type="date"
          autoComplete="off"
        />
        <CheckboxInput field={fields.renews} label={t("field.renews")} helpText={t("help.renews")} />
        <TextInput
          field={fields.note}
          label={t("field.note")}
          autoComplete="off"
          multiline={2}
          maxLength={MONTHLY_FEE_NOTE_MAX}
        />
      </FormSection>
    </SaveForm>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

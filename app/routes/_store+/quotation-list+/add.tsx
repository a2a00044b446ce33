import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { hongKongDate } from "#contract/dates";
import type { QuotationShortLine } from "#modules/quotation/contract";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { submitForm, withListFieldNames } from "~/server/forms.server";
import { requireCan } from "~/server/permissions.server";
import { postedProductCodes, variantChoices } from "~/server/variant-choices.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { newQuotationValues, QuotationFields, quotationFormSchema, useQuotationForm } from "./__quotation-form";
import { LIST_URL } from "./__quotation-list-filters";
import { stockToast } from "./__quotation-stock.server";

export const handle: RouteHandle = { i18n: ["quotation"], parent: LIST_URL };
export const meta = titleMeta;

/** A new quotation is valid for this many days unless the merchant says otherwise. */
const DEFAULT_VALID_DAYS = 14;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireStore(request, context);
  requireCan(user, "quotation:write");
  const today = hongKongDate(new Date());
  const validUntil = hongKongDate(new Date(Date.parse(`${today}T00:00:00Z`) + DEFAULT_VALID_DAYS * 86_400_000));
  return { title: context.t("quotation:title.add"), validUntil };
}

/** Saved, or the form back with the variants of its lines' products to choose from. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "quotation:write");
  let added = { id: 0, short_lines: [] as QuotationShortLine[] };
  const formData = await request.formData();
  const submitted = await submitForm(formData, quotationFormSchema, async (value) => {
    ({ data: added } = await withListFieldNames(
      client.add_quotation_data({ application_key: store.applicationKey, ...value }),
    ));
  });
  if (!submitted.saved) {
    return {
      reply: submitted.reply,
      variantChoices: await variantChoices(
        client,
        store.applicationKey,
        postedProductCodes(formData, "lines"),
        context.locale,
      ),
    };
  }
  // Made even when stock is short: the quotation's page names the short lines.
  return redirectWithToast(
    `${LIST_URL}/detail/${added.id}`,
    stockToast("common:form.saved", "saved", added.short_lines),
    request,
    context,
  );
}

export default function AddQuotation() {
  const { t } = useTranslation("common");
  const { title, validUntil } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [form, fields] = useQuotationForm(quotationFormSchema, result?.reply, newQuotationValues(validUntil));
  return (
    <Page title={title} backAction={{ content: t("shell.back"), url: LIST_URL }}>
      <SaveForm form={form}>
        <QuotationFields form={form} fields={fields} variantChoices={result?.variantChoices ?? {}} />
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

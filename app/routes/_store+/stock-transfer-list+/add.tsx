import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { submitForm, withListFieldNames } from "~/server/forms.server";
import { readLocationChoices } from "~/server/locations.server";
import { requireCan } from "~/server/permissions.server";
import { postedProductCodes, variantChoices } from "~/server/variant-choices.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import {
  newStockTransferValues,
  StockTransferFields,
  stockTransferFormSchema,
  useStockTransferForm,
} from "./__stock-transfer-form";
import { LIST_URL } from "./__stock-transfer-list-filters";

export const handle: RouteHandle = { i18n: ["stock-transfer"], parent: LIST_URL };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "stock_transfer:write");
  return {
    title: context.t("stock-transfer:title.add"),
    locations: await readLocationChoices(client, user, store.applicationKey, context.locale),
  };
}

/** Saved (the new draft opens), or the form back with the variants of its lines' products to choose from. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "stock_transfer:write");
  let added = 0;
  const formData = await request.formData();
  const submitted = await submitForm(formData, stockTransferFormSchema, async (value) => {
    added = (
      await withListFieldNames(client.add_stock_transfer_data({ application_key: store.applicationKey, ...value }))
    ).data.id;
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
  return redirectWithToast(`${LIST_URL}/${added}`, { tone: "success", message: "common:form.saved" }, request, context);
}

export default function AddStockTransfer() {
  const { t } = useTranslation("common");
  const { title, locations } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [form, fields] = useStockTransferForm(
    stockTransferFormSchema,
    result?.reply,
    newStockTransferValues(locations),
  );
  return (
    <Page title={title} backAction={{ content: t("shell.back"), url: LIST_URL }}>
      <SaveForm form={form}>
        <StockTransferFields
          form={form}
          fields={fields}
          locations={locations}
          variantChoices={result?.variantChoices ?? {}}
        />
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

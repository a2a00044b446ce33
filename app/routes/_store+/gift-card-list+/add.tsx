import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { requireStore } from "~/server/auth.server";
import { submitForm } from "~/server/forms.server";
import { requireCan } from "~/server/permissions.server";
import { addPageLoader } from "~/server/record-pages.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { LIST_URL } from "./__gift-card";
import { IssueFields, issueFormSchema } from "./__gift-card-form";
import { redirectWithNewCode, type NewCard } from "./__code-once.server";

export const handle: RouteHandle = { i18n: ["gift-card"], parent: LIST_URL };
export const meta = titleMeta;

export const loader = (args: LoaderFunctionArgs) =>
  addPageLoader(args, { module: "gift_card", title: "gift-card:title.add" });

/** A new card's code is flashed to its page, which shows it once. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "gift_card:write");
  let issued: NewCard | undefined;
  const submitted = await submitForm(await request.formData(), issueFormSchema, async (value) => {
    issued = (await client.add_gift_card_data({ application_key: store.applicationKey, ...value })).data;
  });
  if (!submitted.saved) return { reply: submitted.reply };
  return redirectWithNewCode(request, context, { applicationKey: store.applicationKey, ...(issued as NewCard) });
}

export default function IssueGiftCard() {
  const { t } = useTranslation(["gift-card", "common"]);
  const { title } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(issueFormSchema, useActionData<typeof action>()?.reply, {
    recipient_language: "zh-HK",
  });
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <SaveForm form={form} submitLabel={t("issue-gift-card")}>
        <IssueFields fields={fields} />
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

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
import { CodeOnce } from "./__code-once";

export const handle: RouteHandle = { i18n: ["gift-card"], parent: LIST_URL };
export const meta = titleMeta;

export const loader = (args: LoaderFunctionArgs) =>
  addPageLoader(args, { module: "gift_card", title: "gift-card:title.add" });

/**
 * The new card's code is answered once: this page shows it in the action's answer (no redirect, so it is in no
 * URL, cookie or history entry), with the links to the card and its printable page.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "gift_card:write");
  let issued: { id: number; code: string } | undefined;
  const submitted = await submitForm(await request.formData(), issueFormSchema, async (value) => {
    issued = (await client.add_gift_card_data({ application_key: store.applicationKey, ...value })).data;
  });
  return submitted.saved ? { issued } : { reply: submitted.reply };
}

export default function IssueGiftCard() {
  const { t } = useTranslation(["gift-card", "common"]);
  const { title } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const reply = result && "reply" in result ? result.reply : undefined;
  const issued = result && "issued" in result ? result.issued : undefined;
  const [form, fields] = useZodForm(issueFormSchema, reply, { recipient_language: "zh-HK" });
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      {issued ? (
        <CodeOnce card={issued} message={t("issued")} />
      ) : (
        <SaveForm form={form} submitLabel={t("issue-gift-card")}>
          <IssueFields fields={fields} />
        </SaveForm>
      )}
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { hongKongDate } from "#contract/dates";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { redirectWithToast, requireConsole } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { submitForm } from "~/server/forms.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { CodeFields, codeFormSchema, LIST_URL, newCodeValues } from "./__code-form";
import { planChoices } from "./__plan-choices.server";

export const handle: RouteHandle = { i18n: ["plan-order"], parent: LIST_URL };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { client } = await requireConsole(request, context);
  const plans = await planChoices(client, context.locale).catch(asRouteError);
  return {
    title: context.t("plan-order:title.add-code"),
    plans,
    defaultValue: newCodeValues(hongKongDate(new Date(context.now()))),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { client } = await requireConsole(request, context);
  const submitted = await submitForm(await request.formData(), codeFormSchema, (code) =>
    client.add_plan_promotion_code_data(code),
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(LIST_URL, { tone: "success", message: "plan-order:code-added" }, request, context);
}

export default function AddPlanPromotionCode() {
  const { t } = useTranslation(["plan-order", "common"]);
  const { title, plans, defaultValue } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(codeFormSchema, useActionData<typeof action>(), defaultValue);
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <SaveForm form={form}>
        <CodeFields fields={fields} plans={plans} />
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { redirectWithToast, requireConsole } from "~/server/auth.server";
import { asRouteError, recordId } from "~/server/errors.server";
import { submitForm } from "~/server/forms.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { CodeFields, codeFormValues, editCodeFormSchema, LIST_URL } from "./__code-form";
import { planChoices } from "./__plan-choices.server";

export const handle: RouteHandle = { i18n: ["plan-order"], parent: LIST_URL };
export const meta = titleMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { client } = await requireConsole(request, context);
  const [{ data: code }, plans] = await Promise.all([
    client.get_plan_promotion_code_data_by_id({ id: recordId(params.id) }),
    planChoices(client, context.locale),
  ]).catch(asRouteError);
  return {
    title: context.t("plan-order:title.edit-code", { code: code.code }),
    plans,
    usage: { used: code.times_used, limit: code.usage_limit },
    defaultValue: codeFormValues(code),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { client } = await requireConsole(request, context);
  const id = recordId(params.id);
  const submitted = await submitForm(await request.formData(), editCodeFormSchema, (code) =>
    client.update_plan_promotion_code_data_by_id({ ...code, id }),
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(LIST_URL, { tone: "success", message: "plan-order:code-saved" }, request, context);
}

export default function EditPlanPromotionCode() {
  const { t } = useTranslation(["plan-order", "common"]);
  const { title, plans, usage, defaultValue } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(editCodeFormSchema, useActionData<typeof action>(), defaultValue);
  return (
    <Page
      title={title}
      subtitle={
        usage.limit === null
          ? t("unlimited", { used: usage.used })
          : t("usage", { used: usage.used, limit: usage.limit })
      }
      backAction={{ content: t("common:shell.back"), url: LIST_URL }}
    >
      <SaveForm form={form} version={fields.version}>
        <CodeFields fields={fields} plans={plans} />
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

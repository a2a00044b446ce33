import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { useTranslation } from "react-i18next";
import { forms } from "#contract/actions";
import { redirectSignedIn, redirectWithToast } from "~/server/auth.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormCard } from "~/components/form-card";
import { PasswordPair } from "~/components/password-pair";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { useZodForm } from "~/utils/forms";
import { replyWithFailure } from "~/server/forms.server";

const schema = forms.new_password;

export const handle: RouteHandle = { i18n: ["auth"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectSignedIn(request, context, { allowStaff: true });
  return { title: context.t("auth:title.reset-password") };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await redirectSignedIn(request, context, { allowStaff: true });
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return submission.reply({ hideFields: ["password", "repeat_password"] });
  try {
    await context.actions().reset_password({ id: Number(params.id), token: params.token ?? "", ...submission.value });
  } catch (error) {
    return replyWithFailure(submission, error, { hideFields: ["password", "repeat_password"] });
  }
  return redirectWithToast("/login", { tone: "success", message: "auth:password-reset-done" }, request, context);
}

export default function ResetPassword() {
  const { t } = useTranslation("auth");
  const { title } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(schema, useActionData<typeof action>());
  return (
    <FormCard title={title} form={form}>
      <FormLayout>
        <PasswordPair
          fields={fields}
          label={t("new-password")}
          repeatLabel={t("repeat-password")}
          helpText={t("password-rule-help")}
        />
        <Button submit variant="primary" fullWidth>
          {t("save-password")}
        </Button>
      </FormLayout>
      <Link to="/login">{t("back-to-login")}</Link>
    </FormCard>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

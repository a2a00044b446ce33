import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { email } from "#contract/field-rules";
import { redirectSignedIn } from "~/server/auth.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormCard } from "~/components/form-card";
import { TextInput } from "~/components/text-input";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";

const schema = z.object({ email: email() });

export const handle: RouteHandle = { i18n: ["auth"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectSignedIn(request, context);
  return { title: context.t("auth:title.forget-password") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await redirectSignedIn(request, context);
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return { result: submission.reply(), sent: false };
  await context.actions().forget_password({ email: submission.value.email, language: context.locale });
  return { result: submission.reply(), sent: true };
}

export default function ForgetPassword() {
  const { t } = useTranslation("auth");
  const { title } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useZodForm(schema, actionData?.result);
  const notice = actionData?.sent ? (
    <Banner tone="success">
      <p>{t("reset-link-sent")}</p>
    </Banner>
  ) : (
    <Text as="p" tone="subdued">
      {t("forget-password-help")}
    </Text>
  );
  return (
    <FormCard title={title} form={form} notice={notice}>
      <FormLayout>
        <TextInput field={fields.email} label={t("email")} type="email" autoComplete="username" />
        <Button submit variant="primary" fullWidth>
          {t("send-reset-link")}
        </Button>
      </FormLayout>
      <Link to="/login">{t("back-to-login")}</Link>
    </FormCard>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

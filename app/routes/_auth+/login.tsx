import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { email } from "#contract/field-rules";
import { withValue } from "#contract/messages";
import { commit, createAuthenticator, redirectSignedIn, startSession } from "~/server/auth.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormCard } from "~/components/form-card";
import { useForgetPosOfflinePage } from "~/components/pos-offline-worker";
import { TextInput } from "~/components/text-input";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { useZodForm } from "~/utils/forms";
import { replyWithFailure } from "~/server/forms.server";

/** The password goes as typed, neither trimmed nor checked for characters: the backend compares it. */
const password = z
  .string({ error: "force-input" })
  .min(1, { error: "force-input" })
  .max(200, { error: withValue("max-length", 200) });
const schema = z.object({ email: email(), password });

export const handle: RouteHandle = { i18n: ["auth"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectSignedIn(request, context);
  return { title: context.t("auth:title.login") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await redirectSignedIn(request, context);
  const submission = parseWithZod(await request.clone().formData(), { schema });
  if (submission.status !== "success") return submission.reply({ hideFields: ["password"] });

  try {
    const login = await createAuthenticator(context.actions()).authenticate("form", request);
    if ("token" in login) return await startSession(context, login);
    const session = await context.sessionStorage.getSession();
    session.set("twoStep", { challenge: login.challenge, kind: login.two_step });
    return redirect("/login/two-step", { headers: await commit(session, context) });
  } catch (error) {
    return replyWithFailure(submission, error, { hideFields: ["password"] });
  }
}

export default function Login() {
  const { t } = useTranslation("auth");
  const { title } = useLoaderData<typeof loader>();
  useForgetPosOfflinePage();
  const [form, fields] = useZodForm(schema, useActionData<typeof action>());
  return (
    <FormCard title={title} form={form}>
      <FormLayout>
        <TextInput field={fields.email} label={t("email")} type="email" autoComplete="username" />
        <TextInput field={fields.password} label={t("password")} type="password" autoComplete="current-password" />
        <Button submit variant="primary" fullWidth>
          {t("sign-in")}
        </Button>
      </FormLayout>
      <Link to="/forget-password">{t("forgot-password-link")}</Link>
    </FormCard>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

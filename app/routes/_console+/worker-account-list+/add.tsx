import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Card, FormLayout, Page } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { email, refinePasswordRepeat, staffPassword, text } from "#contract/field-rules";
import { redirectWithToast, requireConsole } from "~/server/auth.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { PasswordPair } from "~/components/password-pair";
import { TextInput } from "~/components/text-input";
import { useZodForm } from "~/utils/forms";
import { submitForm } from "~/server/forms.server";
import { titleMeta } from "~/utils/meta";

const schema = z
  .object({
    name: text(),
    email: email(),
    password: staffPassword(),
    repeat_password: z.string({ error: "force-input" }),
  })
  .check(refinePasswordRepeat());
const SECRET_FIELDS = ["password", "repeat_password"];

export const handle = { i18n: ["provider-staff"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireConsole(request, context);
  return { title: context.t("provider-staff:title.add") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { client } = await requireConsole(request, context);
  const submitted = await submitForm(
    await request.formData(),
    schema,
    ({ name, email, password }) => client.add_internal_account_data({ name, email, password }),
    { hideFields: SECRET_FIELDS },
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast("/worker-account-list", { tone: "success", message: "common:form.saved" }, request, context);
}

export default function AddWorkerAccount() {
  const { t } = useTranslation(["provider-staff", "common"]);
  const { title } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(schema, useActionData<typeof action>());
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: "/worker-account-list" }}>
      <SaveForm form={form}>
        <Card>
          <FormLayout>
            <TextInput field={fields.name} label={t("field.name")} autoComplete="off" />
            <TextInput field={fields.email} label={t("field.email")} type="email" autoComplete="off" />
            <PasswordPair
              fields={fields}
              label={t("field.password")}
              repeatLabel={t("field.repeat-password")}
              helpText={t("help.password")}
            />
          </FormLayout>
        </Card>
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

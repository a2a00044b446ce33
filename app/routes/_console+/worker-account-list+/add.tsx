import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Card, FormLayout, Page } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { email, refinePasswordRepeat, staffPassword, text } from "#contract/field-rules";
import { redirectWithToast, requireConsole } from "~/server/auth.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { TextInput } from "~/components/text-input";
import { useZodForm } from "~/utils/forms";
import { replyWithFailure } from "~/server/forms.server";
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
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return submission.reply({ hideFields: SECRET_FIELDS });
  try {
    const { name, email, password } = submission.value;
    await client.add_internal_account_data({ name, email, password });
  } catch (error) {
    return replyWithFailure(submission, error, { hideFields: SECRET_FIELDS });
  }
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
            <TextInput
              field={fields.password}
              label={t("field.password")}
              type="password"
              autoComplete="new-password"
              helpText={t("help.password")}
            />
            <TextInput
              field={fields.repeat_password}
              label={t("field.repeat-password")}
              type="password"
              autoComplete="new-password"
            />
          </FormLayout>
        </Card>
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

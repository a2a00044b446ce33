import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Card, FormLayout, Page } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { email, refinePasswordRepeat, staffPassword, text } from "#contract/field-rules";
import { redirectWithToast, requireConsole, signOut } from "~/server/auth.server";
import { CheckboxInput } from "~/components/choice-inputs";
import { FormSection } from "~/components/form-section";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { PasswordPair } from "~/components/password-pair";
import { TextInput } from "~/components/text-input";
import { useZodForm } from "~/utils/forms";
import { submitForm } from "~/server/forms.server";
import { titleMeta } from "~/utils/meta";
import { getRecordOr404 } from "~/server/records.server";
import { recordId } from "~/server/errors.server";

const schema = z
  .object({
    name: text(),
    email: email(),
    disabled: z.boolean().default(false),
    // Blank keeps the current password (conform reads a blank field as undefined).
    password: staffPassword().optional(),
    repeat_password: z.string().optional(),
  })
  .check(refinePasswordRepeat());
const SECRET_FIELDS = ["password", "repeat_password"];

export const handle = { i18n: ["provider-staff"] };
export const meta = titleMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, client } = await requireConsole(request, context);
  const worker = await getRecordOr404(client, "internal_account_data", params.id);
  return {
    title: context.t("provider-staff:title.edit"),
    defaultValue: { name: worker.name, email: worker.email, disabled: worker.disabled },
    // Nobody may disable their own account; the backend refuses it too (cannot-disable-self).
    isSelf: worker.id === user.accountId,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, client } = await requireConsole(request, context);
  const id = recordId(params.id);
  const submitted = await submitForm(
    await request.formData(),
    schema,
    ({ name, email, disabled, password }) =>
      client.update_internal_account_data_by_id({ id, name, email, disabled, password }),
    { hideFields: SECRET_FIELDS },
  );
  if (!submitted.saved) return submitted.reply;
  // A new password closes the account's sessions, this one included when it is your own.
  if (submitted.value.password && id === user.accountId) {
    return signOut(request, context, { tone: "success", message: "auth:password-reset-done" });
  }
  return redirectWithToast("/worker-account-list", { tone: "success", message: "common:form.saved" }, request, context);
}

export default function EditWorkerAccount() {
  const { t } = useTranslation(["provider-staff", "common"]);
  const { title, defaultValue, isSelf } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(schema, useActionData<typeof action>(), defaultValue);
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: "/worker-account-list" }}>
      <SaveForm form={form}>
        <Card>
          <FormLayout>
            <TextInput field={fields.name} label={t("field.name")} autoComplete="off" />
            <TextInput field={fields.email} label={t("field.email")} type="email" autoComplete="off" />
            {!isSelf && (
              <CheckboxInput field={fields.disabled} label={t("field.disabled")} helpText={t("help.disabled")} />
            )}
          </FormLayout>
        </Card>
        <FormSection title={t("section.new-password")}>
          <FormLayout>
            <PasswordPair
              fields={fields}
              label={t("field.new-password")}
              repeatLabel={t("field.repeat-password")}
              helpText={t("help.new-password")}
            />
          </FormLayout>
        </FormSection>
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

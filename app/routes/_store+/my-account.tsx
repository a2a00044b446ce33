import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { refinePasswordRepeat } from "#contract/field-rules";
import { ownPasswordFields } from "#modules/store/contract";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormSection } from "~/components/form-section";
import { PasswordPair } from "~/components/password-pair";
import { SaveForm } from "~/components/save-form";
import { TextInput } from "~/components/text-input";
import { redirectWithToast, requireStoreAccount } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { submitForm } from "~/server/forms.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";

export const handle: RouteHandle = { i18n: ["auth"] };
export const meta = titleMeta;

const formSchema = z.object(ownPasswordFields).check(refinePasswordRepeat());
const PASSWORDS = ["current_password", "password", "repeat_password"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { client, store } = await requireStoreAccount(request, context);
  const { data: account } = await client
    .get_store_account_data_by_application_key({ application_key: store.applicationKey })
    .catch(asRouteError);
  return { title: context.t("auth:my-account.title"), email: account.email };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { client, store } = await requireStoreAccount(request, context);
  const submitted = await submitForm(
    await request.formData(),
    formSchema,
    (passwords) =>
      client.update_own_store_account_password_by_application_key({
        application_key: store.applicationKey,
        ...passwords,
      }),
    { hideFields: PASSWORDS },
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(
    new URL(request.url).pathname,
    { tone: "success", message: "auth:my-account.password-changed" },
    request,
    context,
  );
}

export default function MyAccount() {
  const { t } = useTranslation("auth");
  const { title, email } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(formSchema, useActionData<typeof action>());
  return (
    <Page title={title}>
      <SaveForm form={form} submitLabel={t("my-account.change-password")}>
        <FormSection>
          <Text as="p">
            {t("my-account.sign-in-email")}: {email}
          </Text>
        </FormSection>
        <FormSection title={t("my-account.change-password")}>
          <FormLayout>
            <Text as="p" tone="subdued">
              {t("my-account.change-password-help")}
            </Text>
            <TextInput
              field={fields.current_password}
              label={t("my-account.current-password")}
              type="password"
              autoComplete="current-password"
            />
            <PasswordPair
              fields={fields}
              label={t("new-password")}
              repeatLabel={t("repeat-password")}
              helpText={t("password-rule-help")}
            />
          </FormLayout>
        </FormSection>
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

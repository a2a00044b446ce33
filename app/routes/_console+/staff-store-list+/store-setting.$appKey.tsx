import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { Layout } from "@shopify/polaris/build/esm/components/Layout/Layout.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { redirectWithToast, requireConsole } from "~/server/auth.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors } from "~/components/form-errors";
import { SaveForm } from "~/components/save-form";
import { PageLinks } from "~/components/page-links";
import { StoreFields, storeFormSchema, storePasswordFormSchema } from "./__store-form";
import { PasswordPair } from "~/components/password-pair";
import { useZodForm } from "~/utils/forms";
import { submitForm } from "~/server/forms.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { asRouteError } from "~/server/errors.server";
import { hongKongTime } from "#contract/dates";

// Forms on one page, told apart by their intent: the settings, a new password, a two-step sign-in reset.
export const handle: RouteHandle = { i18n: ["stores", "auth", "two-step"], parent: "/staff-store-list" };
export const meta = titleMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { client } = await requireConsole(request, context);
  const key = { application_key: params.appKey ?? "" };
  const [{ data: store }, { data: twoStep }] = await Promise.all([
    client.get_store_account_data_by_application_key(key),
    client.get_store_account_two_step_data_by_application_key(key),
  ]).catch(asRouteError);
  return {
    title: context.t("stores:title.store-setting", { name: store.store_name }),
    store,
    twoStepSince: twoStep.enabled_at && hongKongTime(twoStep.enabled_at),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { client } = await requireConsole(request, context);
  const formData = await request.formData();
  const application_key = params.appKey ?? "";
  if (formData.get("intent") === "two-step") {
    await client.delete_store_account_two_step_data_by_application_key({ application_key }).catch(asRouteError);
    return redirectWithToast(
      new URL(request.url).pathname,
      { tone: "success", message: "two-step:reset.done" },
      request,
      context,
    );
  }
  if (formData.get("intent") === "password") {
    const submitted = await submitForm(
      formData,
      storePasswordFormSchema,
      (password) => client.update_store_account_password_by_application_key({ application_key, ...password }),
      { hideFields: ["password", "repeat_password"] },
    );
    if (!submitted.saved) return { intent: "password", result: submitted.reply };
    return redirectWithToast(
      new URL(request.url).pathname,
      { tone: "success", message: "stores:password-reset" },
      request,
      context,
    );
  }
  const submitted = await submitForm(formData, storeFormSchema, (settings) =>
    client.update_store_account_data_by_application_key({ application_key, ...settings }),
  );
  if (!submitted.saved) return { intent: "settings", result: submitted.reply };
  return redirectWithToast(
    new URL(request.url).pathname,
    { tone: "success", message: "common:form.saved" },
    request,
    context,
  );
}

export default function StoreSetting() {
  const { store } = useLoaderData<typeof loader>();
  // A save comes back to this page: the store's new version starts the forms over from what was saved.
  return <StoreSettingForms key={store.version} />;
}

function StoreSettingForms() {
  const { t } = useTranslation(["stores", "common", "auth", "two-step"]);
  const { title, store, twoStepSince } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [settingsForm, settingsFields] = useZodForm(
    storeFormSchema,
    actionData?.intent === "settings" ? actionData.result : undefined,
    {
      ...store,
      sub_domain: store.sub_domain ?? "",
      enquiry_only: store.enquiry_only ? "on" : "",
      disabled: store.disabled ? "on" : "",
    },
  );
  const [passwordForm, passwordFields] = useZodForm(
    storePasswordFormSchema,
    actionData?.intent === "password" ? actionData.result : undefined,
  );
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: "/staff-store-list" }}>
      <Layout>
        <Layout.Section>
          <PageLinks
            links={[
              {
                content: t("purchase-records"),
                url: `/staff-store-list/purchase-plan-record/${store.application_key}`,
              },
              { content: t("order-plan"), url: `/staff-store-list/order-plan/add/${store.application_key}` },
              { content: t("common:menu.log"), url: `/log?application_key=${store.application_key}` },
            ]}
          />
        </Layout.Section>
        <Layout.Section>
          <SaveForm form={settingsForm} version={settingsFields.version}>
            <input type="hidden" name="intent" value="settings" />
            <Text as="p" tone="subdued">
              {t("column.application-key")}: {store.application_key}
            </Text>
            <StoreFields variant="edit" fields={settingsFields} />
          </SaveForm>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <BlockStack gap="400">
            <Form method="post" {...getFormProps(passwordForm)}>
              <input type="hidden" name="intent" value="password" />
              <Card>
                <BlockStack gap="400">
                  <Text as="h2" variant="headingMd">
                    {t("reset-password")}
                  </Text>
                  <FormErrors form={passwordForm} />
                  <FormLayout>
                    <PasswordPair
                      fields={passwordFields}
                      label={t("auth:new-password")}
                      repeatLabel={t("auth:repeat-password")}
                      helpText={t("auth:password-rule-help")}
                    />
                    <Button submit>{t("reset-password")}</Button>
                  </FormLayout>
                </BlockStack>
              </Card>
            </Form>
            <Form method="post" noValidate>
              <input type="hidden" name="intent" value="two-step" />
              <Card>
                <BlockStack gap="400">
                  <Text as="h2" variant="headingMd">
                    {t("two-step:reset.title")}
                  </Text>
                  {twoStepSince ? (
                    <>
                      <Text as="p">{t("two-step:status.on", { date: twoStepSince })}</Text>
                      <Text as="p" tone="subdued">
                        {t("two-step:reset.help")}
                      </Text>
                      <Button submit tone="critical">
                        {t("two-step:reset.submit")}
                      </Button>
                    </>
                  ) : (
                    <Text as="p">{t("two-step:reset.off")}</Text>
                  )}
                </BlockStack>
              </Card>
            </Form>
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors } from "~/components/form-errors";
import { FormSection } from "~/components/form-section";
import { SaveForm } from "~/components/save-form";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { asRouteError, recordId } from "~/server/errors.server";
import { submitForm } from "~/server/forms.server";
import { locationChoices } from "~/server/locations.server";
import { canManageStaff, requireAdminRole, requireCan } from "~/server/permissions.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import {
  editStaffFormSchema,
  LIST_URL,
  LocationsInput,
  PasswordSetup,
  passwordFormSchema,
  PermissionMatrix,
  SellsOfflineInput,
  StaffDetails,
  staffFormValues,
} from "./__staff-form";

export const handle: RouteHandle = { i18n: ["staff-account"], parent: LIST_URL };
export const meta = titleMeta;

const PASSWORD_INTENT = "password";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "staff_account:read");
  const id = recordId(params.id);
  const { data: staff } = await client
    .get_single_data_by_data_type_and_application_key_and_id({
      data_type: "store_staff_data",
      application_key: store.applicationKey,
      id,
    })
    .catch(asRouteError);
  return {
    title: context.t("staff-account:title.edit"),
    defaultValue: staffFormValues(staff),
    modules: store.modules,
    locations: locationChoices(user, staff.store_locations, context.locale),
    canWrite: canManageStaff(user),
    isSelf: user.accountType === "store_staff" && user.accountId === id,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "staff_account:write");
  requireAdminRole(user);
  const key = { application_key: store.applicationKey, id: recordId(params.id) };
  const formData = await request.formData();
  if (formData.get("intent") === PASSWORD_INTENT) {
    const submitted = await submitForm(
      formData,
      passwordFormSchema,
      (value) => client.update_store_staff_password_by_application_key_and_id({ ...key, ...value }),
      { hideFields: ["password", "repeat_password"] },
    );
    if (!submitted.saved) return { intent: PASSWORD_INTENT, reply: submitted.reply };
    const message =
      submitted.value.password_setup === "invite" ? "staff-account:invite-done" : "staff-account:password-done";
    return redirectWithToast(new URL(request.url).pathname, { tone: "success", message }, request, context);
  }
  const submitted = await submitForm(formData, editStaffFormSchema, (value) =>
    client.update_store_staff_data_by_application_key_and_id({ ...key, ...value }),
  );
  if (!submitted.saved) return { intent: "edit" as const, reply: submitted.reply };
  return redirectWithToast(LIST_URL, { tone: "success", message: "common:form.saved" }, request, context);
}

export default function EditStaffAccount() {
  const { t } = useTranslation(["staff-account", "common"]);
  const { title, defaultValue, modules, locations, canWrite, isSelf } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [form, fields] = useZodForm(
    editStaffFormSchema,
    result?.intent === "edit" ? result.reply : undefined,
    defaultValue,
  );
  const [passwordForm, passwordFields] = useZodForm(
    passwordFormSchema,
    result?.intent === PASSWORD_INTENT ? result.reply : undefined,
    { password_setup: "invite" },
  );
  return (
    <Page title={title} subtitle={defaultValue.email} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <BlockStack gap="400">
        {isSelf && <Banner tone="info">{t("self")}</Banner>}
        <SaveForm form={form} readOnly={!canWrite} version={fields.version}>
          <StaffDetails fields={fields} disabled={isSelf ? undefined : fields.disabled} />
          <PermissionMatrix
            form={form}
            field={fields.permissions}
            role={String(fields.role.value ?? defaultValue.role)}
            modules={modules}
          >
            <SellsOfflineInput field={fields.sells_offline} modules={modules} />
          </PermissionMatrix>
          <LocationsInput fields={fields} locations={locations} />
        </SaveForm>
        {canWrite && (
          <Form method="post" {...getFormProps(passwordForm)}>
            <FormSection title={t("section.password")}>
              <BlockStack gap="300">
                <FormErrors form={passwordForm} />
                <input type="hidden" name="intent" value={PASSWORD_INTENT} />
                <PasswordSetup fields={passwordFields} />
                <InlineStack align="end">
                  <Button submit>{t("password-submit")}</Button>
                </InlineStack>
              </BlockStack>
            </FormSection>
          </Form>
        )}
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

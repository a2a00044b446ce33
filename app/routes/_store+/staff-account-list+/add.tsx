import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormSection } from "~/components/form-section";
import { SaveForm } from "~/components/save-form";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { submitForm } from "~/server/forms.server";
import { readLocationChoices } from "~/server/locations.server";
import { requireAdminRole, requireCan } from "~/server/permissions.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import {
  addStaffFormSchema,
  LIST_URL,
  LocationsInput,
  NEW_STAFF_VALUES,
  PasswordSetup,
  PermissionMatrix,
  SellsOfflineInput,
  StaffDetails,
} from "./__staff-form";

export const handle: RouteHandle = { i18n: ["staff-account"], parent: LIST_URL };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "staff_account:write");
  requireAdminRole(user);
  return {
    title: context.t("staff-account:title.add"),
    modules: store.modules,
    locations: await readLocationChoices(client, user, store.applicationKey, context.locale).catch(asRouteError),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "staff_account:write");
  requireAdminRole(user);
  let addedId = 0;
  const submitted = await submitForm(
    await request.formData(),
    addStaffFormSchema,
    async (value) => {
      ({ id: addedId } = (await client.add_store_staff_data({ application_key: store.applicationKey, ...value })).data);
    },
    { hideFields: ["password", "repeat_password"] },
  );
  if (!submitted.saved) return submitted.reply;
  const { password_setup, email } = submitted.value;
  const toast =
    password_setup === "invite"
      ? { message: "staff-account:invited", values: { email } }
      : { message: "common:form.saved" };
  return redirectWithToast(`${LIST_URL}/${addedId}`, { tone: "success", ...toast }, request, context);
}

export default function AddStaffAccount() {
  const { t } = useTranslation(["staff-account", "common"]);
  const { title, modules, locations } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(addStaffFormSchema, useActionData<typeof action>(), NEW_STAFF_VALUES);
  const role = String(fields.role.value ?? "sales");
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <SaveForm form={form}>
        <StaffDetails fields={fields} />
        <PermissionMatrix form={form} field={fields.permissions} role={role} modules={modules}>
          <SellsOfflineInput
            field={fields.sells_offline}
            modules={modules}
            roleDefault={role === String(fields.role.initialValue ?? "sales") ? undefined : role}
          />
        </PermissionMatrix>
        <LocationsInput fields={fields} locations={locations} />
        <FormSection title={t("section.password")}>
          <PasswordSetup fields={fields} />
        </FormSection>
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

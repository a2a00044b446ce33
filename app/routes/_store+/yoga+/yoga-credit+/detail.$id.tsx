import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { localizedName } from "#contract/localized";
import { DELETE_INTENT, DeletableRecord, isConfirmingDelete } from "~/components/delete-record";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { asRouteError, recordId } from "~/server/errors.server";
import { deleteThenRedirect, submitForm } from "~/server/forms.server";
import { can, requireCan } from "~/server/permissions.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { courseTypeChoices, editPackageFormSchema, LIST_URL, PackageFields, packageFormValues } from "./__package-form";

export const handle: RouteHandle = { i18n: ["course-setup"], parent: "/yoga/yoga-credit" };
export const meta = titleMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "credit_package:read");
  const key = { application_key: store.applicationKey };
  const [{ data: creditPackage }, { data: types }] = await Promise.all([
    client.get_credit_package_data_by_application_key_and_id({ ...key, id: recordId(params.id) }),
    client.get_yoga_course_type_data_list_by_application_key(key),
  ]).catch(asRouteError);
  const canWrite = can(user, "credit_package:write");
  return {
    title: context.t("course-setup:title.edit-package"),
    name: localizedName(creditPackage, context.locale, "name"),
    defaultValue: packageFormValues(creditPackage),
    courseTypes: courseTypeChoices(types, context.locale),
    canWrite,
    confirmingDelete: canWrite && isConfirmingDelete(request),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "credit_package:write");
  const key = { application_key: store.applicationKey, id: recordId(params.id) };
  const formData = await request.formData();
  if (formData.get("intent") === DELETE_INTENT) {
    return deleteThenRedirect(
      request,
      context,
      () => client.delete_credit_package_data_by_application_key_and_id(key),
      { listUrl: LIST_URL, deleted: "course-setup:deleted-package" },
    );
  }
  const submitted = await submitForm(formData, editPackageFormSchema, (value) =>
    client.update_credit_package_data_by_application_key_and_id({ ...key, ...value }),
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(LIST_URL, { tone: "success", message: "common:form.saved" }, request, context);
}

export default function EditCreditPackage() {
  const { t } = useTranslation(["course-setup", "common"]);
  const { title, name, defaultValue, courseTypes, canWrite, confirmingDelete } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(editPackageFormSchema, useActionData<typeof action>(), defaultValue);
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <BlockStack gap="400">
        <DeletableRecord
          name={name}
          consequence={t("delete-package-consequence")}
          confirming={confirmingDelete}
          canDelete={canWrite}
        >
          {canWrite && <Banner tone="info">{t("help.edit-package")}</Banner>}
          <SaveForm form={form} readOnly={!canWrite} version={fields.version}>
            <PackageFields fields={fields} courseTypes={courseTypes} />
          </SaveForm>
        </DeletableRecord>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

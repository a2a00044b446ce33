import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { DELETE_INTENT, DeletableRecord, isConfirmingDelete } from "~/components/delete-record";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { asRouteError, recordId } from "~/server/errors.server";
import { deleteThenRedirect, submitForm } from "~/server/forms.server";
import { can, requireCan } from "~/server/permissions.server";
import { uploadTarget } from "~/server/uploads.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { ADD_ON_UPLOADS, AddOnFields, addOnFormValues, editAddOnFormSchema, LIST_URL } from "./__add-on-form";
import { localizedName } from "#contract/localized";

export const handle: RouteHandle = { i18n: ["add-on-product"], parent: "/product/add-on-product-list" };
export const meta = titleMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "add_on_product:read");
  const { data: addOn } = await client
    .get_add_on_product_data_by_application_key_and_id({
      application_key: store.applicationKey,
      id: recordId(params.id),
    })
    .catch(asRouteError);
  const canWrite = can(user, "add_on_product:write");
  return {
    title: context.t("add-on-product:title.edit"),
    name: localizedName(addOn, context.locale, "name"),
    defaultValue: addOnFormValues(addOn),
    canWrite,
    confirmingDelete: canWrite && isConfirmingDelete(request),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "add_on_product:write");
  const key = { application_key: store.applicationKey, id: recordId(params.id) };
  const formData = await request.formData();
  if (formData.get("intent") === DELETE_INTENT) {
    return deleteThenRedirect(
      request,
      context,
      () => client.delete_add_on_product_data_by_application_key_and_id(key),
      {
        listUrl: LIST_URL,
        deleted: "add-on-product:deleted",
      },
    );
  }
  const submitted = await submitForm(
    formData,
    editAddOnFormSchema,
    (value) => client.update_add_on_product_data_by_application_key_and_id({ ...key, ...value }),
    { uploads: { rules: ADD_ON_UPLOADS, target: uploadTarget(context, { client, store }, "add_on_product") } },
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(LIST_URL, { tone: "success", message: "common:form.saved" }, request, context);
}

export default function EditAddOnProduct() {
  const { t } = useTranslation(["add-on-product", "common"]);
  const { title, name, defaultValue, canWrite, confirmingDelete } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(editAddOnFormSchema, useActionData<typeof action>(), defaultValue);
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <BlockStack gap="400">
        <DeletableRecord
          name={name}
          consequence={t("delete-consequence")}
          confirming={confirmingDelete}
          canDelete={canWrite}
        >
          <SaveForm form={form} encType="multipart/form-data" readOnly={!canWrite} version={fields.version}>
            <AddOnFields fields={fields} />
          </SaveForm>
        </DeletableRecord>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { localizedName } from "#contract/localized";
import { DELETE_INTENT, DeletableRecord, isConfirmingDelete } from "~/components/delete-record";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageLinks } from "~/components/page-links";
import { SaveForm } from "~/components/save-form";
import { StatusBadge } from "~/components/status-badge";
import { ActionFailure } from "~/server/action-client.server";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { asRouteError, httpError, recordId } from "~/server/errors.server";
import { deleteThenRedirect, submitForm } from "~/server/forms.server";
import { can, requireCan } from "~/server/permissions.server";
import { uploadTarget } from "~/server/uploads.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import {
  CUSTOM_PAGE_UPLOADS,
  CustomPageFields,
  customPageFormValues,
  editCustomPageFormSchema,
  LIST_URL,
} from "./__custom-page-form";

export const handle: RouteHandle = { i18n: ["custom-page"], parent: LIST_URL };
export const meta = titleMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "layout:read");
  const id = recordId(params.id);
  const { data: page } = await client
    .get_custom_page_data_by_application_key_and_id({ application_key: store.applicationKey, id })
    .catch((error: unknown) => {
      // Spec §8: an unknown custom page is "custom page not found".
      if (error instanceof ActionFailure && error.status === 404) throw httpError(404, "custom-page-not-found");
      return asRouteError(error);
    });
  const canWrite = can(user, "layout:write");
  const name = localizedName(page, context.locale, "title");
  return {
    title: context.t("custom-page:title.edit", { name }),
    name,
    published: page.publish,
    previewUrl: `${LIST_URL}/detail/${id}/preview`,
    oldLinks: page.old_links,
    defaultValue: customPageFormValues(page),
    canWrite,
    confirmingDelete: canWrite && isConfirmingDelete(request),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "layout:write");
  const key = { application_key: store.applicationKey, id: recordId(params.id) };
  const formData = await request.formData();
  if (formData.get("intent") === DELETE_INTENT) {
    return deleteThenRedirect(request, context, () => client.delete_custom_page_data_by_application_key_and_id(key), {
      listUrl: LIST_URL,
      deleted: "custom-page:deleted",
    });
  }
  const submitted = await submitForm(
    formData,
    editCustomPageFormSchema,
    (value) => client.update_custom_page_data_by_application_key_and_id({ ...key, ...value }),
    { uploads: { rules: CUSTOM_PAGE_UPLOADS, target: uploadTarget(context, { client, store }, "layout") } },
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(request.url, { tone: "success", message: "common:form.saved" }, request, context);
}

export default function EditCustomPage() {
  const { defaultValue } = useLoaderData<typeof loader>();
  // Keyed by version: after a save the form starts over from the saved page.
  return <CustomPageForm key={defaultValue.version} />;
}

function CustomPageForm() {
  const { t } = useTranslation(["custom-page", "common"]);
  const { title, name, published, previewUrl, oldLinks, defaultValue, canWrite, confirmingDelete } =
    useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(editCustomPageFormSchema, useActionData<typeof action>(), defaultValue);
  return (
    <Page
      title={title}
      titleMetadata={
        <StatusBadge tone={published ? "success" : undefined}>
          {t(published ? "status.published" : "status.draft")}
        </StatusBadge>
      }
      backAction={{ content: t("common:shell.back"), url: LIST_URL }}
    >
      <BlockStack gap="400">
        <PageLinks links={[{ content: t("view-preview"), url: previewUrl }]} />
        <DeletableRecord
          name={name}
          consequence={t("delete-consequence")}
          confirming={confirmingDelete}
          canDelete={canWrite}
        >
          <SaveForm form={form} encType="multipart/form-data" readOnly={!canWrite} version={fields.version}>
            <CustomPageFields fields={fields} oldLinks={oldLinks} />
          </SaveForm>
        </DeletableRecord>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { DELETE_INTENT, DeletableRecord, isConfirmingDelete } from "~/components/delete-record";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { ActionFailure } from "~/server/action-client.server";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { asRouteError, httpError, recordId } from "~/server/errors.server";
import { deleteThenRedirect, submitForm } from "~/server/forms.server";
import { can, requireCan } from "~/server/permissions.server";
import { uploadTarget } from "~/server/uploads.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { linkChoices } from "~/server/link-choices.server";
import {
  BANNER_UPLOADS,
  BannerFields,
  bannerFormValues,
  bannerName,
  editBannerFormSchema,
  LIST_URL,
} from "./__banner-form";

export const handle: RouteHandle = { i18n: ["home-banner"], parent: LIST_URL };
export const meta = titleMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "layout:read");
  const [{ data: banner }, choices] = await Promise.all([
    client
      .get_home_banner_data_by_application_key_and_id({
        application_key: store.applicationKey,
        id: recordId(params.id),
      })
      .catch((error: unknown) => {
        if (error instanceof ActionFailure && error.status === 404) throw httpError(404, "home-banner-not-found");
        return asRouteError(error);
      }),
    linkChoices(client, store.applicationKey, context.locale),
  ]);
  const name = bannerName(banner, context.locale);
  const canWrite = can(user, "layout:write");
  return {
    title: context.t("home-banner:title.edit", { name }),
    name,
    link: banner.link,
    defaultValue: bannerFormValues(banner),
    ...choices,
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
    return deleteThenRedirect(request, context, () => client.delete_home_banner_data_by_application_key_and_id(key), {
      listUrl: LIST_URL,
      deleted: "home-banner:deleted",
    });
  }
  const submitted = await submitForm(
    formData,
    editBannerFormSchema,
    (value) => client.update_home_banner_data_by_application_key_and_id({ ...key, ...value }),
    { uploads: { rules: BANNER_UPLOADS, target: uploadTarget(context, { client, store }, "layout") } },
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(LIST_URL, { tone: "success", message: "common:form.saved" }, request, context);
}

export default function EditBanner() {
  const { t } = useTranslation(["home-banner", "common"]);
  const { title, name, link, defaultValue, categories, customPages, canWrite, confirmingDelete } =
    useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(editBannerFormSchema, useActionData<typeof action>(), defaultValue);
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <BlockStack gap="400">
        <DeletableRecord name={name} confirming={confirmingDelete} canDelete={canWrite}>
          <SaveForm form={form} encType="multipart/form-data" readOnly={!canWrite} version={fields.version}>
            <BannerFields fields={fields} categories={categories} customPages={customPages} saved={link} />
          </SaveForm>
        </DeletableRecord>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

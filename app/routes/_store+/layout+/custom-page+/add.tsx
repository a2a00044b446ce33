import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { submitForm } from "~/server/forms.server";
import { requireCan } from "~/server/permissions.server";
import { uploadTarget } from "~/server/uploads.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import {
  CUSTOM_PAGE_UPLOADS,
  CustomPageFields,
  customPageFormSchema,
  LIST_URL,
  NEW_CUSTOM_PAGE_VALUES,
} from "./__custom-page-form";

export const handle: RouteHandle = { i18n: ["custom-page"], parent: LIST_URL };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireStore(request, context);
  requireCan(user, "layout:write");
  return { title: context.t("custom-page:title.add") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "layout:write");
  let addedId = 0;
  const submitted = await submitForm(
    await request.formData(),
    customPageFormSchema,
    async (value) => {
      ({
        data: { id: addedId },
      } = await client.add_custom_page_data({ application_key: store.applicationKey, ...value }));
    },
    { uploads: { rules: CUSTOM_PAGE_UPLOADS, target: uploadTarget(context, { client, store }, "layout") } },
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(
    `${LIST_URL}/detail/${addedId}`,
    { tone: "success", message: "common:form.saved" },
    request,
    context,
  );
}

export default function AddCustomPage() {
  const { t } = useTranslation(["custom-page", "common"]);
  const { title } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(customPageFormSchema, useActionData<typeof action>(), NEW_CUSTOM_PAGE_VALUES);
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <SaveForm form={form} encType="multipart/form-data">
        <CustomPageFields fields={fields} />
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

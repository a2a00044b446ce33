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
import { CATEGORY_UPLOADS, CategoryFields, categoryFormSchema, LIST_URL, NEW_CATEGORY_VALUES } from "./__category-form";

export const handle: RouteHandle = { i18n: ["category"], parent: "/product/category" };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireStore(request, context);
  requireCan(user, "category:write");
  return { title: context.t("category:title.add") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "category:write");
  const submitted = await submitForm(
    await request.formData(),
    categoryFormSchema,
    (value) => client.add_category_data({ application_key: store.applicationKey, ...value }),
    { uploads: { rules: CATEGORY_UPLOADS, target: uploadTarget(context, { client, store }, "category") } },
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(LIST_URL, { tone: "success", message: "common:form.saved" }, request, context);
}

export default function AddCategory() {
  const { t } = useTranslation(["category", "common"]);
  const { title } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(categoryFormSchema, useActionData<typeof action>(), NEW_CATEGORY_VALUES);
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <SaveForm form={form} encType="multipart/form-data">
        <CategoryFields fields={fields} />
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

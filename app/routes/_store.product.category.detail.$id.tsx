import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Banner, BlockStack, Button, InlineStack, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { canWrite, redirectWithToast, requireStore } from "~/auth.server";
import { CATEGORY_UPLOADS, CategoryForm, categoryFormValues, categorySchema } from "~/components/category-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { replaceFilesWithUploads, uploadTarget } from "~/uploads.server";
import { replyWithFailure } from "~/utils/forms.server";
import { titleMeta } from "~/utils/meta";
import { notFoundPage, recordId } from "~/utils/records.server";
import { localizedName } from "../../contract/localized";

const CONFIRM_DELETE = "confirm-delete";

export const handle = { i18n: ["categories", "uploads"] };
export const meta = titleMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context, "category");
  const { data: category } = await client
    .get_category_data_by_application_key_and_id({
      application_key: store.applicationKey,
      id: recordId(params.id),
    })
    .catch(notFoundPage);
  const editable = canWrite(user, "category");
  return {
    title: context.t("categories:title.detail"),
    name: localizedName(category, context.locale, "name"),
    defaultValue: categoryFormValues(category),
    editable,
    confirmingDelete: editable && new URL(request.url).searchParams.has(CONFIRM_DELETE),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { store, client } = await requireStore(request, context, "category");
  const key = { application_key: store.applicationKey, id: recordId(params.id) };
  const formData = await request.formData();
  if (formData.get("intent") === "delete") {
    await client.delete_category_data_by_application_key_and_id(key).catch(notFoundPage);
    return redirectWithToast("/product/category", { tone: "success", message: "categories:deleted" }, request, context);
  }
  const uploadErrors = await replaceFilesWithUploads(
    formData,
    CATEGORY_UPLOADS,
    uploadTarget(context, { client, store }),
  );
  const submission = parseWithZod(formData, { schema: categorySchema });
  if (submission.status !== "success" || uploadErrors) return submission.reply({ fieldErrors: uploadErrors });
  try {
    await client.update_category_data_by_application_key_and_id({ ...submission.value, ...key });
  } catch (error) {
    return replyWithFailure(submission, error);
  }
  return redirectWithToast("/product/category", { tone: "success", message: "common:form.saved" }, request, context);
}

/** The delete step that works without JS: a page state with its own form, or back to the category. */
function DeleteConfirmation({ name }: { name: string }) {
  const { t } = useTranslation("categories");
  const { pathname } = useLocation();
  return (
    <Banner tone="critical" title={t("delete.title", { name })}>
      <BlockStack gap="300">
        <Text as="p">{t("delete.body")}</Text>
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <InlineStack gap="200">
            <Button submit variant="primary" tone="critical">
              {t("delete.confirm")}
            </Button>
            <Button url={pathname}>{t("common:form.cancel")}</Button>
          </InlineStack>
        </Form>
      </BlockStack>
    </Banner>
  );
}

export default function CategoryDetail() {
  const { t } = useTranslation("categories");
  const { title, name, defaultValue, editable, confirmingDelete } = useLoaderData<typeof loader>();
  return (
    <CategoryForm
      title={title}
      lastResult={useActionData<typeof action>()}
      defaultValue={defaultValue}
      readOnly={!editable}
      notice={confirmingDelete ? <DeleteConfirmation name={name} /> : !editable && <Banner>{t("read-only")}</Banner>}
      footer={
        editable &&
        !confirmingDelete && (
          // A link to the confirmation step (Polaris's page actions need JS to show).
          <InlineStack>
            <Button url={`?${CONFIRM_DELETE}=1`} tone="critical">
              {t("delete.action")}
            </Button>
          </InlineStack>
        )
      }
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

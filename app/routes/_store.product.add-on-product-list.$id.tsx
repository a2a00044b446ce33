import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { BlockStack, Button, Card, InlineStack, Page, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { redirectWithToast, requireStore } from "~/auth.server";
import { ADD_ON_UPLOADS, AddOnForm, addOnFormValues, addOnPayload, addOnSchema } from "~/components/add-on-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { replaceFilesWithUploads, uploadTarget } from "~/uploads.server";
import { FormErrors } from "~/components/form-errors";
import { useZodForm } from "~/utils/forms";
import { replyWithFailure } from "~/utils/forms.server";
import { titleMeta } from "~/utils/meta";
import { canWrite } from "~/utils/permissions.server";
import { notFoundPage, recordId } from "~/utils/records.server";
import { localizedName } from "../../contract/localized";

const LIST_URL = "/product/add-on-product-list";
// Two forms on one page, told apart by their intent: save, and delete once confirmed.
const deleteSchema = z.object({ intent: z.literal("delete") });

export const handle = { i18n: ["addons"] };
export const meta = titleMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context, "add_on_product");
  const { data: addOn } = await client
    .get_add_on_product_data_by_application_key_and_id({
      application_key: store.applicationKey,
      id: recordId(params.id),
    })
    .catch(notFoundPage);
  const writable = canWrite(user, "add_on_product");
  return {
    title: context.t("addons:title.edit"),
    name: localizedName(addOn, context.locale, "name"),
    defaultValue: addOnFormValues(addOn),
    canWrite: writable,
    // The confirmation is a page state of its own, so deleting needs no JavaScript (no modal).
    confirmingDelete: writable && new URL(request.url).searchParams.get("confirm-delete") === "1",
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { store, client } = await requireStore(request, context, "add_on_product");
  const key = { application_key: store.applicationKey, id: recordId(params.id) };
  const formData = await request.formData();
  if (formData.get("intent") === "delete") {
    const submission = parseWithZod(formData, { schema: deleteSchema });
    try {
      await client.delete_add_on_product_data_by_application_key_and_id(key);
    } catch (error) {
      return { intent: "delete" as const, result: replyWithFailure(submission, error) };
    }
    return redirectWithToast(LIST_URL, { tone: "success", message: "addons:deleted" }, request, context);
  }
  const uploadErrors = await replaceFilesWithUploads(
    formData,
    ADD_ON_UPLOADS,
    uploadTarget(context, { client, store }),
  );
  const submission = parseWithZod(formData, { schema: addOnSchema });
  if (submission.status !== "success" || uploadErrors) {
    return { intent: "save" as const, result: submission.reply({ fieldErrors: uploadErrors }) };
  }
  try {
    await client.update_add_on_product_data_by_application_key_and_id({ ...key, ...addOnPayload(submission.value) });
  } catch (error) {
    return { intent: "save" as const, result: replyWithFailure(submission, error) };
  }
  return redirectWithToast(LIST_URL, { tone: "success", message: "common:form.saved" }, request, context);
}

function DeleteConfirmation({
  name,
  lastResult,
}: {
  name: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("addons");
  const [form] = useZodForm(deleteSchema, lastResult);
  const { pathname } = useLocation();
  return (
    <Card>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="delete" />
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t("delete.confirm-title")}
          </Text>
          <FormErrors form={form} />
          <Text as="p">{t("delete.confirm-text", { name })}</Text>
          <InlineStack gap="200" align="end">
            <Button url={pathname}>{t("delete.keep")}</Button>
            <Button submit variant="primary" tone="critical">
              {t("delete.confirm")}
            </Button>
          </InlineStack>
        </BlockStack>
      </Form>
    </Card>
  );
}

function DeleteCard() {
  const { t } = useTranslation("addons");
  const { pathname } = useLocation();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("delete.title")}
        </Text>
        <Text as="p" tone="subdued">
          {t("delete.help")}
        </Text>
        <InlineStack align="end">
          <Button url={`${pathname}?confirm-delete=1`} tone="critical">
            {t("delete.start")}
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}

export default function EditAddOnProduct() {
  const { t } = useTranslation("addons");
  const { title, name, defaultValue, canWrite, confirmingDelete } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <BlockStack gap="400">
        {confirmingDelete && (
          <DeleteConfirmation
            name={name}
            lastResult={actionData?.intent === "delete" ? actionData.result : undefined}
          />
        )}
        <AddOnForm
          lastResult={actionData?.intent === "save" ? actionData.result : undefined}
          defaultValue={defaultValue}
          readOnly={!canWrite}
        />
        {canWrite && !confirmingDelete && <DeleteCard />}
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

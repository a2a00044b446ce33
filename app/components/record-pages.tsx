import type { SubmissionResult } from "@conform-to/react";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type * as z from "zod";
import { DeletableRecord } from "~/components/delete-record";
import { SaveForm } from "~/components/save-form";
import { useZodForm } from "~/utils/forms";

/*
 * A module's simple add and edit pages, whose loaders and actions are addPageLoader/addPageAction and
 * editPageLoader/editPageAction (app/server/record-pages.server.ts): the route gives its form schema, its
 * list and its fields.
 */

type FormSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;
/** The form's fields, by the schema's names. */
type FieldsOf<Schema extends FormSchema> = ReturnType<typeof useZodForm<Schema>>[1];

interface RecordPageProps<Schema extends FormSchema> {
  schema: Schema;
  /** Where Back goes. */
  listUrl: string;
  /** For forms with a file field, so the file posts with JS off. */
  multipart?: boolean;
  children: (fields: FieldsOf<Schema>) => ReactNode;
}

/** What an add page's loader gives it (addPageLoader). */
export interface AddPageData {
  title: string;
}

export function AddRecordPage<Schema extends FormSchema>({
  schema,
  listUrl,
  multipart,
  newValues,
  children,
}: RecordPageProps<Schema> & {
  /** What a new record's form starts with. */
  newValues?: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const { title } = useLoaderData<AddPageData>();
  const [form, fields] = useZodForm(schema, useActionData<SubmissionResult<string[]>>(), newValues);
  return (
    <Page title={title} backAction={{ content: t("shell.back"), url: listUrl }}>
      <SaveForm form={form} encType={multipart ? "multipart/form-data" : undefined}>
        {children(fields)}
      </SaveForm>
    </Page>
  );
}

/** What an edit page's loader gives it (editPageLoader). */
export interface EditPageData {
  title: string;
  name: string;
  consequence?: string;
  defaultValue: Record<string, unknown>;
  canWrite: boolean;
  confirmingDelete: boolean;
}

export function EditRecordPage<Schema extends FormSchema>({
  schema,
  listUrl,
  multipart,
  note,
  after,
  children,
}: RecordPageProps<Schema> & {
  /** Shown above the form: a route's Banner, say (imported by that route, so other pages do not load it). */
  note?: ReactNode;
  /** Shown below the form while the record is not being deleted: a section of its own, with its own form. */
  after?: ReactNode;
}) {
  const { t } = useTranslation();
  const { title, name, consequence, defaultValue, canWrite, confirmingDelete } = useLoaderData<EditPageData>();
  const [form, fields] = useZodForm(schema, useActionData<SubmissionResult<string[]>>(), defaultValue);
  return (
    <Page title={title} backAction={{ content: t("shell.back"), url: listUrl }}>
      <BlockStack gap="400">
        <DeletableRecord name={name} consequence={consequence} confirming={confirmingDelete} canDelete={canWrite}>
          {note}
          <SaveForm
            form={form}
            encType={multipart ? "multipart/form-data" : undefined}
            readOnly={!canWrite}
            version={fields.version}
          >
            {children(fields)}
          </SaveForm>
        </DeletableRecord>
        {!confirmingDelete && after}
      </BlockStack>
    </Page>
  );
}

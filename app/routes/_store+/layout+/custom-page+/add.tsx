import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AddRecordPage } from "~/components/record-pages";
import { addPageAction, addPageLoader } from "~/server/record-pages.server";
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

export const loader = (args: LoaderFunctionArgs) =>
  addPageLoader(args, { module: "layout", title: "custom-page:title.add" });

export const action = (args: ActionFunctionArgs) =>
  addPageAction(args, {
    module: "layout",
    schema: customPageFormSchema,
    add: (client, payload) => client.add_custom_page_data(payload),
    uploads: CUSTOM_PAGE_UPLOADS,
    addedUrl: ({ data }) => `${LIST_URL}/detail/${data.id}`,
  });

export default function AddCustomPage() {
  return (
    <AddRecordPage schema={customPageFormSchema} listUrl={LIST_URL} newValues={NEW_CUSTOM_PAGE_VALUES} multipart>
      {(fields) => <CustomPageFields fields={fields} />}
    </AddRecordPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

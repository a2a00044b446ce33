import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AddRecordPage } from "~/components/record-pages";
import { linkChoices } from "~/server/link-choices.server";
import { addPageAction, addPageLoader } from "~/server/record-pages.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { BANNER_UPLOADS, BannerFields, bannerFormSchema, LIST_URL, NEW_BANNER_VALUES } from "./__banner-form";

export const handle: RouteHandle = { i18n: ["home-banner"], parent: LIST_URL };
export const meta = titleMeta;

export const loader = (args: LoaderFunctionArgs) =>
  addPageLoader(args, {
    module: "layout",
    title: "home-banner:title.add",
    choices: ({ client, store }, locale) => linkChoices(client, store.applicationKey, locale),
  });

export const action = (args: ActionFunctionArgs) =>
  addPageAction(args, {
    module: "layout",
    schema: bannerFormSchema,
    add: (client, payload) => client.add_home_banner_data(payload),
    uploads: BANNER_UPLOADS,
    addedUrl: LIST_URL,
  });

export default function AddBanner() {
  const { categories, customPages } = useLoaderData<typeof loader>();
  return (
    <AddRecordPage schema={bannerFormSchema} listUrl={LIST_URL} newValues={NEW_BANNER_VALUES} multipart>
      {(fields) => <BannerFields fields={fields} categories={categories} customPages={customPages} />}
    </AddRecordPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

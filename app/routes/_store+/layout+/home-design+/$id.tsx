import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { EditRecordPage } from "~/components/record-pages";
import { linkChoices } from "~/server/link-choices.server";
import { editPageAction, editPageLoader } from "~/server/record-pages.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
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

export const loader = (args: LoaderFunctionArgs) =>
  editPageLoader(args, {
    module: "layout",
    title: "home-banner:title.edit",
    read: (client, key) => client.get_home_banner_data_by_application_key_and_id(key),
    notFound: "home-banner-not-found",
    choices: ({ client, store }, locale) => linkChoices(client, store.applicationKey, locale),
    shows: (banner) => ({ link: banner.link }),
    name: bannerName,
    values: bannerFormValues,
  });

export const action = (args: ActionFunctionArgs) =>
  editPageAction(args, {
    module: "layout",
    schema: editBannerFormSchema,
    update: (client, payload) => client.update_home_banner_data_by_application_key_and_id(payload),
    remove: (client, key) => client.delete_home_banner_data_by_application_key_and_id(key),
    uploads: BANNER_UPLOADS,
    listUrl: LIST_URL,
    deleted: "home-banner:deleted",
  });

export default function EditBanner() {
  const { categories, customPages, link } = useLoaderData<typeof loader>();
  return (
    <EditRecordPage schema={editBannerFormSchema} listUrl={LIST_URL} multipart>
      {(fields) => <BannerFields fields={fields} categories={categories} customPages={customPages} saved={link} />}
    </EditRecordPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

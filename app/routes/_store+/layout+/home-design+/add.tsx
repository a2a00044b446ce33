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
import { linkChoices } from "~/server/link-choices.server";
import { BANNER_UPLOADS, BannerFields, bannerFormSchema, LIST_URL, NEW_BANNER_VALUES } from "./__banner-form";

export const handle: RouteHandle = { i18n: ["home-banner"], parent: LIST_URL };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "layout:write");
  return {
    title: context.t("home-banner:title.add"),
    ...(await linkChoices(client, store.applicationKey, context.locale)),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "layout:write");
  const submitted = await submitForm(
    await request.formData(),
    bannerFormSchema,
    (value) => client.add_home_banner_data({ application_key: store.applicationKey, ...value }),
    { uploads: { rules: BANNER_UPLOADS, target: uploadTarget(context, { client, store }, "layout") } },
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(LIST_URL, { tone: "success", message: "common:form.saved" }, request, context);
}

export default function AddBanner() {
  const { t } = useTranslation(["home-banner", "common"]);
  const { title, categories, customPages } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(bannerFormSchema, useActionData<typeof action>(), NEW_BANNER_VALUES);
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <SaveForm form={form} encType="multipart/form-data">
        <BannerFields fields={fields} categories={categories} customPages={customPages} />
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

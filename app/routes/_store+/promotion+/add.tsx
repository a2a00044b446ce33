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
import { COUPON_UPLOADS, CouponFields, couponFormSchema, LIST_URL, NEW_COUPON_VALUES } from "./__coupon-form";

export const handle: RouteHandle = { i18n: ["promotion"], parent: LIST_URL };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireStore(request, context);
  requireCan(user, "promotion:write");
  return { title: context.t("promotion:title.add") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "promotion:write");
  const submitted = await submitForm(
    await request.formData(),
    couponFormSchema,
    (value) => client.add_coupon_data({ application_key: store.applicationKey, ...value }),
    { uploads: { rules: COUPON_UPLOADS, target: uploadTarget(context, { client, store }, "promotion") } },
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(LIST_URL, { tone: "success", message: "common:form.saved" }, request, context);
}

export default function AddCoupon() {
  const { t } = useTranslation(["promotion", "common"]);
  const { title } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(couponFormSchema, useActionData<typeof action>(), NEW_COUPON_VALUES);
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <SaveForm form={form} encType="multipart/form-data">
        <CouponFields fields={fields} />
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

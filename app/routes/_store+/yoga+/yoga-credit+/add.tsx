import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { submitForm } from "~/server/forms.server";
import { requireCan } from "~/server/permissions.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { courseTypeChoices, LIST_URL, NEW_PACKAGE_VALUES, PackageFields, packageFormSchema } from "./__package-form";

export const handle: RouteHandle = { i18n: ["course-setup"], parent: "/yoga/yoga-credit" };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "credit_package:write");
  const { data: types } = await client
    .get_yoga_course_type_data_list_by_application_key({ application_key: store.applicationKey })
    .catch(asRouteError);
  return { title: context.t("course-setup:title.add-package"), courseTypes: courseTypeChoices(types, context.locale) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "credit_package:write");
  const submitted = await submitForm(await request.formData(), packageFormSchema, (value) =>
    client.add_credit_package_data({ application_key: store.applicationKey, ...value }),
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(LIST_URL, { tone: "success", message: "common:form.saved" }, request, context);
}

export default function AddCreditPackage() {
  const { t } = useTranslation(["course-setup", "common"]);
  const { title, courseTypes } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(packageFormSchema, useActionData<typeof action>(), NEW_PACKAGE_VALUES);
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <SaveForm form={form}>
        <PackageFields fields={fields} courseTypes={courseTypes} />
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { localizedName } from "#contract/localized";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { EditRecordPage } from "~/components/record-pages";
import { editPageAction, editPageLoader } from "~/server/record-pages.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { courseTypeChoices, editPackageFormSchema, LIST_URL, PackageFields, packageFormValues } from "./__package-form";

export const handle: RouteHandle = { i18n: ["course-setup"], parent: "/yoga/yoga-credit" };
export const meta = titleMeta;

export const loader = (args: LoaderFunctionArgs) =>
  editPageLoader(args, {
    module: "credit_package",
    title: "course-setup:title.edit-package",
    read: (client, key) => client.get_credit_package_data_by_application_key_and_id(key),
    choices: async ({ client, store }, locale) => {
      const { data } = await client.get_yoga_course_type_data_list_by_application_key({
        application_key: store.applicationKey,
      });
      return { courseTypes: courseTypeChoices(data, locale) };
    },
    name: (creditPackage, locale) => localizedName(creditPackage, locale, "name"),
    values: packageFormValues,
    consequence: "course-setup:delete-package-consequence",
  });

export const action = (args: ActionFunctionArgs) =>
  editPageAction(args, {
    module: "credit_package",
    schema: editPackageFormSchema,
    update: (client, payload) => client.update_credit_package_data_by_application_key_and_id(payload),
    remove: (client, key) => client.delete_credit_package_data_by_application_key_and_id(key),
    listUrl: LIST_URL,
    deleted: "course-setup:deleted-package",
  });

export default function EditCreditPackage() {
  const { t } = useTranslation("course-setup");
  const { courseTypes, canWrite } = useLoaderData<typeof loader>();
  return (
    <EditRecordPage
      schema={editPackageFormSchema}
      listUrl={LIST_URL}
      note={canWrite && <Banner tone="info">{t("help.edit-package")}</Banner>}
    >
      {(fields) => <PackageFields fields={fields} courseTypes={courseTypes} />}
    </EditRecordPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

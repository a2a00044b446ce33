import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { DeletableRecord, isConfirmingDelete } from "~/components/delete-record";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { ActionFailure } from "~/server/action-client.server";
import { requireStore } from "~/server/auth.server";
import { asRouteError, httpError, recordId } from "~/server/errors.server";
import { can, requireCan } from "~/server/permissions.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { linkChoices } from "~/server/link-choices.server";
import { editPageAction } from "~/server/record-pages.server";
import { editMenuItemFormSchema, itemLabel, LIST_URL, MenuItemFields, menuItemFormValues } from "./__menu-item-form";

export const handle: RouteHandle = { i18n: ["site-menu"], parent: LIST_URL };
export const meta = titleMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "layout:read");
  const [{ data: item }, choices] = await Promise.all([
    client
      .get_menu_item_data_by_application_key_and_id({ application_key: store.applicationKey, id: recordId(params.id) })
      .catch((error: unknown) => {
        if (error instanceof ActionFailure && error.status === 404) throw httpError(404, "menu-item-not-found");
        return asRouteError(error);
      }),
    linkChoices(client, store.applicationKey, context.locale),
  ]);
  const name = itemLabel(item, context.locale);
  const canWrite = can(user, "layout:write");
  return {
    title: context.t("site-menu:title.edit", { name }),
    name,
    descendants: item.descendant_count,
    link: item.link,
    defaultValue: menuItemFormValues(item),
    ...choices,
    canWrite,
    confirmingDelete: canWrite && isConfirmingDelete(request),
  };
}

export const action = (args: ActionFunctionArgs) =>
  editPageAction(args, {
    module: "layout",
    schema: editMenuItemFormSchema,
    update: (client, payload) => client.update_menu_item_data_by_application_key_and_id(payload),
    remove: (client, key) => client.delete_menu_item_data_by_application_key_and_id(key),
    listUrl: LIST_URL,
    deleted: "site-menu:deleted",
  });

export default function EditMenuItem() {
  const { t } = useTranslation(["site-menu", "common"]);
  const { title, name, descendants, link, defaultValue, categories, customPages, canWrite, confirmingDelete } =
    useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(editMenuItemFormSchema, useActionData<typeof action>(), defaultValue);
  const consequence = descendants > 0 ? t("delete-consequence-count", { count: descendants }) : undefined;
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <BlockStack gap="400">
        <DeletableRecord name={name} consequence={consequence} confirming={confirmingDelete} canDelete={canWrite}>
          <SaveForm form={form} readOnly={!canWrite} version={fields.version}>
            <MenuItemFields fields={fields} categories={categories} customPages={customPages} saved={link} />
          </SaveForm>
        </DeletableRecord>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveForm } from "~/components/save-form";
import { ActionFailure } from "~/server/action-client.server";
import { requireStore } from "~/server/auth.server";
import { asRouteError, httpError, recordId } from "~/server/errors.server";
import { requireCan } from "~/server/permissions.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { linkChoices } from "~/server/link-choices.server";
import { addPageAction } from "~/server/record-pages.server";
import { itemLabel, LIST_URL, MenuItemFields, menuItemFormSchema, newMenuItemValues } from "./__menu-item-form";

export const handle: RouteHandle = { i18n: ["site-menu"], parent: LIST_URL };
export const meta = titleMeta;

/** `?parent=<id>` adds the item under that one; without it, at the top level. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "layout:write");
  const parentParam = new URL(request.url).searchParams.get("parent");
  const parentId = parentParam ? recordId(parentParam) : null;
  const [parent, choices] = await Promise.all([
    parentId === null
      ? null
      : client
          .get_menu_item_data_by_application_key_and_id({ application_key: store.applicationKey, id: parentId })
          .then(({ data }) => data)
          .catch((error: unknown) => {
            if (error instanceof ActionFailure && error.status === 404) throw httpError(404, "menu-item-not-found");
            return asRouteError(error);
          }),
    linkChoices(client, store.applicationKey, context.locale),
  ]);
  return {
    title: parent
      ? context.t("site-menu:title.add-under", { name: itemLabel(parent, context.locale) })
      : context.t("site-menu:title.add"),
    parentId: parent?.id ?? null,
    ...choices,
  };
}

export const action = (args: ActionFunctionArgs) =>
  addPageAction(args, {
    module: "layout",
    schema: menuItemFormSchema,
    add: (client, payload) => client.add_menu_item_data(payload),
    addedUrl: LIST_URL,
  });

export default function AddMenuItem() {
  const { t } = useTranslation(["site-menu", "common"]);
  const { title, parentId, categories, customPages } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(menuItemFormSchema, useActionData<typeof action>(), newMenuItemValues(parentId));
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <SaveForm form={form}>
        <input type="hidden" name={fields.parent_id.name} value={String(fields.parent_id.initialValue ?? "")} />
        <MenuItemFields fields={fields} categories={categories} customPages={customPages} />
      </SaveForm>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

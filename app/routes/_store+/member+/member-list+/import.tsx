import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { requireCan } from "~/server/permissions.server";
import { importSheet } from "~/server/spreadsheet.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SheetImport } from "~/components/sheet-import";
import { parseMemberSheet } from "./__member-sheet.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";

const LIST_URL = "/member/member-list";

export const handle: RouteHandle = { i18n: ["member"], parent: LIST_URL };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireStore(request, context);
  requireCan(user, "member:write");
  return { title: context.t("member:title.import") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "member:write");
  const result = await importSheet(
    await request.formData(),
    (bytes) => parseMemberSheet(bytes, { locale: context.locale }),
    (rows) => client.add_member_data_in_batch({ application_key: store.applicationKey, rows }),
  );
  if (!("imported" in result)) return result;
  return redirectWithToast(
    LIST_URL,
    { tone: "success", message: "member:imported", values: result.saved.data },
    request,
    context,
    {
      recheck: true,
    },
  );
}

export default function ImportMembers() {
  const { t } = useTranslation(["member", "common"]);
  const { title } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <SheetImport templateUrl={`${LIST_URL}/template.xlsx`} help={t("import-help")} outcome={outcome} />
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

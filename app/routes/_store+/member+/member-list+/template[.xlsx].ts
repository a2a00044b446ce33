import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireStore } from "~/server/auth.server";
import { requireCan } from "~/server/permissions.server";
import { spreadsheetResponse } from "~/server/downloads.server";
import { isLocale } from "~/i18n";
import { memberTemplate } from "./__member-sheet.server";

/** The import template, with headers in the language asked for (?lang=zh-HK|en), else the page's. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireStore(request, context);
  requireCan(user, "member:read");
  const asked = new URL(request.url).searchParams.get("lang");
  const locale = isLocale(asked) ? asked : context.locale;
  return spreadsheetResponse(memberTemplate(locale), `member-template-${locale}.xlsx`);
}

import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireStore } from "~/server/auth.server";
import { requireCan } from "~/server/permissions.server";
import { csvResponse } from "~/server/downloads.server";
import { membersForExport } from "./__member-export.server";
import { memberListQuery } from "./__member-list-query.server";
import { membersToCsv } from "./__member-sheet.server";

/** The filtered member list as CSV, in the columns of the import template. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "member:read");
  const members = await membersForExport(client, store.applicationKey, memberListQuery(new URL(request.url)));
  return csvResponse(membersToCsv(members, context.locale), "members.csv");
}

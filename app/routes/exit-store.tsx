import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { commit, getSession, requireConsole } from "~/server/auth.server";

export const loader = () => redirect("/");

/** Staff leave the customer store they entered; only the store data is cleared. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requireConsole(request, context);
  const session = await getSession(request, context);
  session.set("user", { ...user, store: null });
  return redirect("/staff-store-list", { headers: await commit(session, context) });
}

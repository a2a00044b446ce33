import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { getSession } from "~/server/auth.server";

export const loader = () => redirect("/");

/** Logout clears everything: the backend session is revoked and the cookie destroyed. */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await getSession(request, context);
  const user = session.get("user");
  if (user)
    await context
      .actions(user.token)
      .logout({})
      .catch(() => undefined);
  return redirect("/login", { headers: { "Set-Cookie": await context.sessionStorage.destroySession(session) } });
}

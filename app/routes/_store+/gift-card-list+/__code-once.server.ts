import { redirect, type AppLoadContext as Context } from "@remix-run/cloudflare";
import { commit, getSession } from "~/server/auth.server";
import { cardUrl } from "./__gift-card";

/** A card just issued or reissued, as the backend answers it. */
export type NewCard = { id: number; code: string };

/**
 * To a new card's page with its code as a flash: the code is in no URL or history entry, and a reload of
 * the page that issued it asks nothing of the backend again.
 */
export async function redirectWithNewCode(
  request: Request,
  context: Context,
  card: NewCard & { applicationKey: string },
) {
  const session = await getSession(request, context);
  session.flash("newGiftCard", card);
  return redirect(cardUrl(card.id), { headers: await commit(session, context) });
}

/** The code flashed for this card of this store, read once (the session must then be committed). */
export async function newCodeOf(request: Request, context: Context, applicationKey: string, id: number) {
  const session = await getSession(request, context);
  const flashed = session.get("newGiftCard");
  return {
    session,
    code: flashed && flashed.applicationKey === applicationKey && flashed.id === id ? flashed.code : null,
    flashed: flashed !== undefined,
  };
}

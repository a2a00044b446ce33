import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireStore } from "./auth.server";
import { type Need, requireCan } from "./permissions.server";

export type StoreSignedIn = Awaited<ReturnType<typeof requireStore>>;

/** A loader's or an action's arguments (Remix gives both the same). */
export type RouteArgs = LoaderFunctionArgs;

/**
 * A store page's loader or action, guarded as every store route is (a parent layout does not protect
 * its children): the store's session (`requireStore`), then the module permission (`requireCan`).
 * The route factories of the twin modules make their loaders and actions with it.
 */
export function storeRoute<T>(need: Need, run: (args: RouteArgs, signed: StoreSignedIn) => Promise<T>) {
  return async (args: RouteArgs): Promise<T> => {
    const signed = await requireStore(args.request, args.context);
    const { user } = signed;
    requireCan(user, need);
    return run(args, signed);
  };
}

import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireSignedIn } from "~/server/auth.server";
import { ContentLayout, revalidateAlways } from "~/components/content-layout";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { shellData } from "~/server/shell.server";

/** Pages of every kind of account, in the shell of where the user is: their store's, or the console's. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireSignedIn(request, context);
  return { shell: shellData(context, user, user.accountType === "console" && !user.store ? "console" : "store") };
}

export const shouldRevalidate = revalidateAlways;
export default ContentLayout;
export const ErrorBoundary = GeneralErrorBoundary;

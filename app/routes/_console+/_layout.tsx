import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireConsole } from "~/server/auth.server";
import { ContentLayout, revalidateAlways } from "~/components/content-layout";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { shellData } from "~/server/shell.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireConsole(request, context);
  return { shell: shellData(context, user, "console") };
}

export const shouldRevalidate = revalidateAlways;
export default ContentLayout;
export const ErrorBoundary = GeneralErrorBoundary;

import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData } from "@remix-run/react";
import { requireStore } from "~/auth.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Shell } from "~/components/shell";
import { shellData } from "~/shell.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireStore(request, context);
  return json({ shell: await shellData(request, context, user, "store") });
}

// The layout re-checks the session on every navigation, not only on full page loads.
export const shouldRevalidate = () => true;

export default function StoreLayout() {
  const { shell } = useLoaderData<typeof loader>();
  return (
    <Shell data={shell}>
      <Outlet />
    </Shell>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

import { useActionData, useLoaderData } from "@remix-run/react";
import type { ComponentType } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";

/**
 * A route module's browser parts for a page component taking the loader's data (and the action's
 * result): its `handle`, `meta` (the title), `ErrorBoundary` and default component. The twin modules'
 * route files re-export these for their variant.
 */
export function routePage<Data, Result>(Page: ComponentType<{ data: Data; result: Result }>, handle: RouteHandle) {
  function RoutePage() {
    return <Page data={useLoaderData() as Data} result={useActionData() as Result} />;
  }
  return { handle, meta: titleMeta, ErrorBoundary: GeneralErrorBoundary, Component: RoutePage };
}

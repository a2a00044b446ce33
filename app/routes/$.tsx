import { GeneralErrorBoundary } from "~/components/error-boundary";
import { httpError } from "~/server/errors.server";
import { titleMeta } from "~/utils/meta";

/** Any unknown path: the error page with status 404 ("File not Found."). */
export function loader() {
  throw httpError(404, "not-found");
}

export const meta = titleMeta;

export default function NotFound() {
  return null;
}

export const ErrorBoundary = GeneralErrorBoundary;

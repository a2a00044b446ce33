import { GeneralErrorBoundary } from "~/components/error-boundary";

/** Any unknown path: the error page with status 404 ("File not Found."). */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}

export const ErrorBoundary = GeneralErrorBoundary;

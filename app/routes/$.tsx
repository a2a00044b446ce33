import { data, redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ErrorPage, GeneralErrorBoundary } from "~/components/error-boundary";
import { Shell } from "~/components/shell";
import { getSession } from "~/server/auth.server";
import { shellData } from "~/server/shell.server";
import { titleMeta } from "~/utils/meta";

/**
 * Any unknown path: the error page with status 404 ("File not Found."), inside the shell for a
 * signed-in user. An enquiry-only store has no other page than its enquiries (spec §5).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = (await getSession(request, context)).get("user");
  const area = user?.store?.website ? "store" : user?.accountType === "console" ? "console" : null;
  if (area === "store" && user?.store?.enquiryOnly) throw redirect("/enquiry-list");
  const shell = user && area ? shellData(context, user, area) : null;
  return data({ title: context.t("common:error.not-found"), shell }, { status: 404 });
}

export const meta = titleMeta;

export default function NotFound() {
  const { shell } = useLoaderData<typeof loader>();
  const page = <ErrorPage status={404} />;
  return shell ? <Shell data={shell}>{page}</Shell> : page;
}

export const ErrorBoundary = GeneralErrorBoundary;

import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { resources } from "~/server/i18n.server";

/** Translation files for the browser's i18next (the server reads the same objects in memory). */
export async function loader({ params }: LoaderFunctionArgs) {
  const language = resources[params.lng as keyof typeof resources];
  const namespace = language?.[params.ns as keyof typeof language];
  if (!namespace) throw new Response("Not Found", { status: 404 });
  return Response.json(namespace, { headers: { "Cache-Control": "public, max-age=300" } });
}

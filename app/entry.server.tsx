import type {
  AppLoadContext,
  EntryContext,
  HandleDataRequestFunction,
  HandleErrorFunction,
} from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { changedAccessRedirect, revokedSessionRedirect } from "~/server/auth.server";
import { translations } from "~/server/i18n.server";
import type { RouteHandle } from "~/utils/handle";
import { NonceContext } from "~/utils/nonce";
import { PageTranslationsContext } from "~/utils/page-translations";

/**
 * The root's shared namespaces and the matched routes' handle.i18n. (remix-i18next's
 * getRouteNamespaces reads every route module the server has, i.e. every namespace.)
 */
function pageNamespaces({ staticHandlerContext, routeModules }: EntryContext): string[] {
  const handles = staticHandlerContext.matches.map(({ route }) => routeModules[route.id]?.handle as RouteHandle);
  return [...new Set(handles.flatMap((handle) => handle?.i18n ?? []))];
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const redirected =
    (await revokedSessionRedirect(request, loadContext)) ?? (await changedAccessRedirect(request, loadContext));
  if (redirected) return redirected;

  // Only the namespaces the page carries to the browser, so the server can never render text the
  // first client render lacks: a namespace missing from a handle shows as a key on both sides (and
  // fails check:i18n), never as a hydration mismatch.
  const { i18n, json } = translations(loadContext.locale, pageNamespaces(remixContext));

  let statusCode = responseStatusCode;
  // Every inline script (Remix's, React's streaming ones) carries the nonce the page's policy allows.
  const { nonce } = loadContext;
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <PageTranslationsContext.Provider value={json}>
        <I18nextProvider i18n={i18n}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </PageTranslationsContext.Provider>
    </NonceContext.Provider>,
    {
      nonce,
      signal: request.signal,
      onError(error: unknown) {
        console.error(`request ${loadContext.requestId}:`, error);
        statusCode = 500;
      },
    },
  );
  // Crawlers and no-JS clients get the whole document at once.
  if (isbot(request.headers.get("user-agent") ?? "")) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: statusCode });
}

/** Client-side navigations: the same session checks as documents, their redirects encoded by Remix. */
export const handleDataRequest: HandleDataRequestFunction = async (response, { request, context }) =>
  (await revokedSessionRedirect(request, context)) ?? (await changedAccessRedirect(request, context)) ?? response;

/** An unexpected failure goes to the logs under the request's id, which the error page shows. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  console.error(`request ${context.requestId}:`, error);
};

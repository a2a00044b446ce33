import type {
  AppLoadContext,
  EntryContext,
  HandleDataRequestFunction,
  HandleErrorFunction,
} from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { createInstance, type Resource } from "i18next";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig } from "./i18n";
import { revokedSessionRedirect } from "~/server/auth.server";
import { remixI18Next, resources } from "~/server/i18n.server";
import { NonceContext } from "~/utils/nonce";

function pickNamespaces(all: typeof resources, ns: string[]): Resource {
  return Object.fromEntries(
    Object.entries(all).map(([lng, namespaces]) => [
      lng,
      Object.fromEntries(Object.entries(namespaces).filter(([name]) => ns.includes(name))),
    ]),
  );
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const signedOut = await revokedSessionRedirect(request, loadContext);
  if (signedOut) return signedOut;

  // Only the namespaces the browser loads before it hydrates (the root's shared ones and the
  // matched routes' handle.i18n), so the server can never render text the first client render
  // lacks: a namespace missing from a handle shows as a key on both sides (and fails check:i18n),
  // never as a hydration mismatch.
  const ns = remixI18Next.getRouteNamespaces(remixContext);
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    ...i18nConfig,
    supportedLngs: [...i18nConfig.supportedLngs],
    lng: loadContext.locale,
    ns,
    resources: pickNamespaces(resources, ns),
  });

  let statusCode = responseStatusCode;
  // Every inline script (Remix's, React's streaming ones) carries the nonce the page's policy allows.
  const { nonce } = loadContext;
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <I18nextProvider i18n={i18n}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </I18nextProvider>
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

/** Client-side navigations: the same session check as documents, its redirect encoded by Remix. */
export const handleDataRequest: HandleDataRequestFunction = async (response, { request, context }) =>
  (await revokedSessionRedirect(request, context)) ?? response;

/** An unexpected failure goes to the logs under the request's id, which the error page shows. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  console.error(`request ${context.requestId}:`, error);
};

import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { createInstance } from "i18next";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig } from "./i18n";
import { remixI18Next, resources } from "~/server/i18n.server";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    ...i18nConfig,
    supportedLngs: [...i18nConfig.supportedLngs],
    lng: loadContext.locale,
    ns: remixI18Next.getRouteNamespaces(remixContext),
    resources,
  });

  let statusCode = responseStatusCode;
  const body = await renderToReadableStream(
    <I18nextProvider i18n={i18n}>
      <RemixServer context={remixContext} url={request.url} />
    </I18nextProvider>,
    {
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

/** An unexpected failure goes to the logs under the request's id, which the error page shows. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  console.error(`request ${context.requestId}:`, error);
};

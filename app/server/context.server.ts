import {
  createActionClient,
  remoteTransport,
  type ActionClient,
  type ActionFailure,
  type Transport,
} from "./action-client.server";
import { ACCESS_STAMP_HEADER } from "#contract/permissions";
import { parseAppEnv, type AppEnv } from "./env.server";
import { ReadPosition } from "./read-position.server";
import type { AppTFunction, Locale } from "~/i18n";
import { remixI18Next, translations } from "./i18n.server";
import { createSessionStorage, type SessionStorage, type SignedIn } from "./session.server";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    env: AppEnv;
    /** Names this request in the logs and on the error page (Cloudflare's ray id when there is one). */
    requestId: string;
    /** The current time in ms; the e2e Worker moves it forward. */
    now: () => number;
    locale: Locale;
    t: AppTFunction;
    sessionStorage: SessionStorage;
    /** An action client for the given bearer token (none for public actions). */
    actions: (token?: string, onFailure?: (failure: ActionFailure) => Promise<void>) => ActionClient;
    waitUntil: (promise: Promise<unknown>) => void;
    /** Whether the app has a page at this path (the menu shows only modules that are built). */
    hasPage: (pathname: string) => boolean;
    /**
     * R2, for one thing only: holding an uploaded file under staging/ while it is checked and
     * handed to the upload action. Business data goes through the action client.
     */
    stagingBucket: R2Bucket;
    /** Which signed-in token this request relied on, and whether the backend has accepted it since. */
    sessionCheck: SessionCheck;
    /** This response's Content-Security-Policy nonce, for the page's inline scripts. */
    nonce: string;
    /** The bookmark of the user's last write, which every read of this request starts from. */
    readPosition: ReadPosition;
  }
}

/**
 * The cookie's cached data spares a session check for 5 minutes, but a revoked session must not open
 * even one page: any backend call with the token confirms it, and a page that made none is checked
 * once, after its loaders (see `revokedSessionRedirect`).
 */
export class SessionCheck {
  private relied: string | null = null;
  private readonly accepted = new Set<string>();
  /** The signed-in user, read once per request however many loaders ask. */
  user?: Promise<SignedIn>;
  /** The session cookie renewed by this request's 5-minute re-check, for the reply to set. */
  renewedCookie?: string;
  /** A store staff caller's role and permissions as the backend last answered them (`accessStamp`). */
  accessStamp: string | null = null;

  relyOn(token: string) {
    this.relied = token;
  }

  accept(token: string) {
    this.accepted.add(token);
  }

  /** Checked once for this request, whatever the answer: a later step (the Worker's) does not ask again. */
  settle() {
    this.relied = null;
  }

  /** The token a page relied on without the backend accepting it during this request. */
  get unconfirmedToken(): string | null {
    return this.relied !== null && !this.accepted.has(this.relied) ? this.relied : null;
  }
}

/** Notes each token the backend answered without a 401, and the caller's access it answered for. */
function confirmingTokens(transport: Transport, sessionCheck: SessionCheck): Transport {
  return async (request) => {
    const response = await transport(request);
    const token = /^Bearer (.+)$/.exec(request.headers.get("Authorization") ?? "")?.[1];
    if (token && response.status !== 401) sessionCheck.accept(token);
    sessionCheck.accessStamp = response.headers.get(ACCESS_STAMP_HEADER) ?? sessionCheck.accessStamp;
    return response;
  };
}

interface ContextInput {
  request: Request;
  env: Record<string, unknown>;
  waitUntil: (promise: Promise<unknown>) => void;
  /** The in-process backend, used unless ACTION_ENDPOINT_URL points at a remote one. */
  embedded: Transport;
  now: () => number;
  /** Every page path of the build, from `pagePaths`. */
  pages: ReadonlySet<string>;
  /** The nonce the Worker's Content-Security-Policy for this response allows. */
  nonce: string;
}

interface BuildRoute {
  parentId?: string;
  path?: string;
}

/** The full path of every route in a Remix build (`/product/category`, `/product/category/add`, …). */
export function pagePaths(routes: Record<string, BuildRoute | undefined>): Set<string> {
  const pathOf = (route: BuildRoute | undefined): string[] =>
    route ? [...pathOf(route.parentId ? routes[route.parentId] : undefined), ...(route.path ? [route.path] : [])] : [];
  return new Set(Object.values(routes).map((route) => `/${pathOf(route).join("/")}`));
}

export async function createAppContext({ request, env, waitUntil, embedded, now, pages, nonce }: ContextInput) {
  const appEnv = parseAppEnv(env);
  const sessionCheck = new SessionCheck();
  const readPosition = await ReadPosition.of(request);
  const transport = confirmingTokens(
    readPosition.keptBy(appEnv.ACTION_ENDPOINT_URL ? remoteTransport(appEnv.ACTION_ENDPOINT_URL) : embedded),
    sessionCheck,
  );
  const locale = (await remixI18Next.getLocale(request)) as Locale;
  return {
    env: appEnv,
    requestId: request.headers.get("cf-ray") ?? crypto.randomUUID(),
    now,
    locale,
    // Every namespace is in memory on the server, so "ns:key" works for all of them.
    t: translations(locale).i18n.getFixedT(locale) as AppTFunction,
    sessionStorage: createSessionStorage(request, appEnv.SESSION_SECRET),
    actions: (token?: string, onFailure?: (failure: ActionFailure) => Promise<void>) =>
      createActionClient(transport, token, onFailure),
    waitUntil,
    hasPage: (pathname: string) => pages.has(pathname),
    stagingBucket: env.UPLOADS as R2Bucket,
    sessionCheck,
    nonce,
    readPosition,
  };
}

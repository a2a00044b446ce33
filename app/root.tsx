import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  Link as RemixLink,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "@remix-run/react";
import { AppProvider } from "@shopify/polaris/build/esm/components/AppProvider/AppProvider.js";
import polarisStyles from "@shopify/polaris/build/esm/styles.css";
import polarisEn from "@shopify/polaris/locales/en.json";
import polarisZh from "@shopify/polaris/locales/zh-TW.json";
import { useEffect, type ReactNode } from "react";
import { useChangeLanguage } from "remix-i18next/react";
import { GeneralErrorBoundary } from "./components/error-boundary";
import { defaultLocale, sharedNamespaces } from "./i18n";
import { BLOCK_ENTER_SCRIPT } from "./utils/block-enter";
import { isScriptless } from "./utils/handle";
import { markHydrated } from "./utils/hydration";
import { useNonce } from "./utils/nonce";
import { PageTranslations } from "./utils/page-translations";
import { ToastStack } from "./components/toast-stack";
import { commit, getSession } from "~/server/auth.server";
import { miniDrawerCookie, themeDarkCookie } from "~/server/cookies.server";
import appStyles from "./styles/app.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: polarisStyles },
  { rel: "stylesheet", href: appStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const handle = { i18n: [...sharedNamespaces] };

/**
 * Runs before any module: zod (which reads this global config as it loads) then never probes for
 * `new Function`, which the page's policy refuses and would report on every page.
 */
const ZOD_WITHOUT_EVAL = "globalThis.__zod_globalConfig = { jitless: true };";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const cookieHeader = request.headers.get("Cookie");
  const session = await getSession(request, context);
  const toasts = session.get("toasts") ?? [];
  return data(
    {
      locale: context.locale,
      requestId: context.requestId,
      themeDark: (await themeDarkCookie().parse(cookieHeader)) === "1",
      miniDrawer: (await miniDrawerCookie().parse(cookieHeader)) === "1",
      toasts,
    },
    toasts.length > 0 ? { headers: await commit(session, context) } : undefined,
  );
}

type PolarisLinkProps = { url: string; external?: boolean; children?: ReactNode } & Record<string, unknown>;

/** Polaris links render through Remix so navigation stays client-side with JS on. */
function PolarisLink({ url, external, children, ...rest }: PolarisLinkProps) {
  if (external) {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    );
  }
  return (
    <RemixLink to={url} {...rest}>
      {children}
    </RemixLink>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const locale = data?.locale ?? defaultLocale;
  useChangeLanguage(locale);
  useEffect(markHydrated, []);
  const nonce = useNonce();
  const scriptless = isScriptless(useMatches());
  const htmlClass = [
    data?.themeDark ? "p-theme-dark-experimental" : "p-theme-light",
    data?.miniDrawer ? "mini-drawer" : "",
  ];
  return (
    <html lang={locale} className={htmlClass.join(" ").trim()} data-scriptless={scriptless || undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{ __html: scriptless ? BLOCK_ENTER_SCRIPT : BLOCK_ENTER_SCRIPT + ZOD_WITHOUT_EVAL }}
        />
      </head>
      <body>
        <AppProvider
          i18n={locale === "en" ? polarisEn : polarisZh}
          linkComponent={PolarisLink}
          theme={data?.themeDark ? "dark-experimental" : "light"}
        >
          {children}
          <ToastStack toasts={data?.toasts ?? []} />
        </AppProvider>
        {!scriptless && (
          <>
            <PageTranslations />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

// The error page names the request that failed, so the root's data comes from every request.
export const shouldRevalidate = () => true;

export default function App() {
  return <Outlet />;
}

export const ErrorBoundary = GeneralErrorBoundary;

import { Outlet, useLocation, useRouteLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LanguageSwitch } from "~/components/language-switch";
import type { loader as rootLoader } from "~/root";
import type { RouteHandle } from "~/utils/handle";

export const handle: RouteHandle = { scriptless: true };

/** The blank layout of the sign-in pages, with the language switch under the card. */
export default function BlankLayout() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const location = useLocation();
  return (
    <main className="blank-layout">
      <div className="blank-layout__card">
        <BlockStack gap="400">
          <Outlet />
          <InlineStack align="center">
            <LanguageSwitch current={root?.locale ?? "zh-HK"} returnTo={location.pathname} />
          </InlineStack>
        </BlockStack>
      </div>
    </main>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

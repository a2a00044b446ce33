import { flatRoutes } from "remix-flat-routes";

/**
 * Routes live in a folder per area and module (`_store+/product+/category+/add.tsx` is
 * /product/category/add); a file whose name starts with `__` sits beside its routes without being one.
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) =>
    flatRoutes("routes", defineRoutes, { ignoredRouteFiles: ["**/.*", "**/*.test.*", "**/__*"] }),
  server: "./worker.ts",
  serverConditions: ["workerd", "worker", "browser"],
  serverDependenciesToBundle: "all",
  serverMainFields: ["browser", "module", "main"],
  serverMinify: true,
  serverModuleFormat: "esm",
  serverPlatform: "neutral",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};

import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "public/build/", ".wrangler/", "tests/e2e/.state/", "test-results/", "node_modules/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@shopify/polaris",
              allowTypeImports: true,
              message:
                "Import a component from its own module, @shopify/polaris/build/esm/components/<Name>/<Name>.js: through the package's index, every component any page uses lands in every page's first load (docs/scaling.md).",
            },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "JSXAttribute[name.name='secondaryActions'] > JSXExpressionContainer > ArrayExpression",
          message:
            "Polaris shows a page's secondary actions only once JavaScript has measured them: put <PageLinks> in the page instead (app/components/page-links.tsx).",
        },
      ],
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "no-console": ["error", { allow: ["error"] }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // The POS page's service worker, served as written (public/pos-offline-worker.js).
  { files: ["public/*.js"], languageOptions: { globals: globals.serviceworker } },
  {
    files: ["scripts/**/*.ts", "tests/e2e/**/*.ts", "modules/**/*e2e.spec.ts"],
    // Playwright fixtures take `{}` when they need no other fixture.
    rules: { "no-console": "off", "no-empty-pattern": "off" },
  },
);

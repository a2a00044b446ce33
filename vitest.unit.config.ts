import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // The app's own alias (tsconfig paths); #contract/* resolves through package.json "imports".
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["{app,backend,contract,modules,scripts}/**/*.test.{ts,tsx}"],
    // A module's integration tests run in workerd (vitest.integration.config.ts).
    exclude: ["**/node_modules/**", "**/*integration.test.ts"],
    environment: "node",
  },
});

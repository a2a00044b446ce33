import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{app,backend,contract,scripts}/**/*.test.{ts,tsx}"],
    environment: "node",
  },
});

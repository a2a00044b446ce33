import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./backend/db/schema.ts",
  out: process.env.DRIZZLE_OUT ?? "./migrations",
});

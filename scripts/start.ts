import { execFileSync, spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { DEMO_LOGINS, DEMO_PASSWORD } from "./demo-data";

/** `npm start`: build, migrate and seed the local D1, then serve on http://localhost:8787. */
const run = (command: string, args: string[]) => execFileSync(command, args, { stdio: "inherit" });

if (!existsSync(".dev.vars")) writeFileSync(".dev.vars", `SESSION_SECRET=${randomBytes(32).toString("hex")}\n`);
run("npm", ["run", "build"]);
run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local"]);
run("npm", ["run", "db:seed"]);

console.log(`
  Merchant back office: http://localhost:8787
  Demo logins (password ${DEMO_PASSWORD}):
${DEMO_LOGINS.map((login) => `    ${login.email.padEnd(22)} ${login.role}`).join("\n")}
`);
spawn("npx", ["wrangler", "dev", "--port", "8787", "--ip", "127.0.0.1"], {
  stdio: "inherit",
  env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false" },
}).on("exit", (code) => process.exit(code ?? 0));

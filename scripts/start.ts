import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { DEMO_LOGINS, DEMO_PASSWORD } from "./demo-data";
import { migrateEveryDatabase } from "./local-worker";

/**
 * `npm start`: build, migrate and seed the local D1, then serve on http://localhost:8787 (or $PORT).
 * Every step's output goes to a log file; the URL and the demo logins are printed last, once the
 * server answers. Ctrl-C stops the server.
 */
const PORT = Number(process.env.PORT ?? 8787);
const URL = `http://localhost:${PORT}`;
const LOG = ".wrangler/start.log";
const env = {
  ...process.env,
  // Wrangler asks before applying migrations unless it runs in CI with no terminal on stdin.
  CI: "true",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
  FORCE_COLOR: "0",
};

mkdirSync(".wrangler", { recursive: true });
writeFileSync(LOG, "");
const log = openSync(LOG, "a");

function fail(message: string): never {
  const tail = readFileSync(LOG, "utf8").trimEnd().split("\n").slice(-30).join("\n");
  console.error(`\n${tail}\n\n✗ ${message} (full output in ${LOG})`);
  process.exit(1);
}

function step(label: string, command: string, args: string[]) {
  process.stdout.write(`  ${label}…`);
  const { status } = spawnSync(command, args, { stdio: ["ignore", log, log], env });
  if (status !== 0) fail(`${label} failed`);
  process.stdout.write(" done\n");
}

async function answers(url: string) {
  return fetch(url, { redirect: "manual" }).then(
    (response) => response.status < 500,
    () => false,
  );
}

if (await answers(`${URL}/login`)) fail(`something already answers at ${URL}; stop it or set PORT`);
// Local secrets, each made once; a .dev.vars from before a secret existed gets the new one added.
const devVars = existsSync(".dev.vars") ? readFileSync(".dev.vars", "utf8") : "";
const missingSecrets = ["SESSION_SECRET", "TWO_STEP_KEY"].filter((name) => !new RegExp(`^${name}=`, "m").test(devVars));
const secretLines = missingSecrets.map((name) => `${name}=${randomBytes(32).toString("hex")}\n`);
// The deployment's VAPID pair for Web Push (P-256): the public key's raw bytes and the private key's `d`, base64url.
if (!/^VAPID_PRIVATE_KEY=/m.test(devVars) || !/^VAPID_PUBLIC_KEY=/m.test(devVars)) {
  const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
  const publicKey = Buffer.from(await crypto.subtle.exportKey("raw", pair.publicKey)).toString("base64url");
  const { d } = await crypto.subtle.exportKey("jwk", pair.privateKey);
  secretLines.push(`VAPID_PUBLIC_KEY=${publicKey}\n`, `VAPID_PRIVATE_KEY=${d}\n`);
}
if (secretLines.length > 0) {
  const kept = devVars.replace(/^VAPID_(PUBLIC|PRIVATE)_KEY=.*\n?/gm, "");
  writeFileSync(".dev.vars", `${kept}${kept && !kept.endsWith("\n") ? "\n" : ""}${secretLines.join("")}`);
}

step("Building", "npm", ["run", "build"]);
process.stdout.write("  Applying migrations to every local D1 database…");
try {
  migrateEveryDatabase(["--local"]);
} catch (error) {
  fail(String(error));
}
process.stdout.write(" done\n");
step("Seeding the demo data", "npm", ["run", "db:seed"]);

process.stdout.write("  Starting the server…");
// detached: wrangler leads its own process group, so stopping the group stops workerd too.
const server = spawn(
  "npx",
  ["wrangler", "dev", "--port", String(PORT), "--ip", "127.0.0.1", "--show-interactive-dev-session=false"],
  { stdio: ["ignore", log, log], env, detached: true },
);
closeSync(log);

let stopping = false;
function stop() {
  stopping = true;
  try {
    process.kill(-server.pid!, "SIGTERM");
  } catch {
    // already gone
  }
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    stop();
    process.stdout.write("\n  Stopped.\n");
  });
}
process.on("exit", stop);
server.on("exit", (code) => {
  if (!stopping) fail(`the server stopped (exit code ${code})`);
  process.exit(0);
});

const deadline = Date.now() + 120_000;
while (!(await answers(`${URL}/login`))) {
  if (Date.now() > deadline) {
    stop();
    fail(`the server did not answer at ${URL} within two minutes`);
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
}

console.log(` done (its output: ${LOG})

  Merchant back office: ${URL}
  Demo logins (password ${DEMO_PASSWORD}):
${DEMO_LOGINS.map((login) => `    ${login.email.padEnd(22)} ${login.role}`).join("\n")}

  Ctrl-C stops the server.`);

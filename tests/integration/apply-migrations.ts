import { applyD1Migrations, env } from "cloudflare:test";
import { d1Of, everyDatabase } from "../../backend/db/databases";

// The control database and every shard, as `npm start` and the deploy script migrate them.
for (const binding of everyDatabase(env)) await applyD1Migrations(d1Of(env, binding), env.TEST_MIGRATIONS);

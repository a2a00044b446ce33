import { applyD1Migrations, env } from "cloudflare:test";
import { d1Of, everyDatabase } from "../../backend/db/databases";
import { idRangeOf, prepareIdRange } from "../../backend/db/id-ranges";

// The control database and every shard, as `npm start` and the deploy script migrate them, each with its id range.
for (const binding of everyDatabase(env)) {
  await applyD1Migrations(d1Of(env, binding), env.TEST_MIGRATIONS);
  await d1Of(env, binding).exec(prepareIdRange(idRangeOf(binding)));
}

#!/usr/bin/env bash
# The integration suite in two shards side by side, one workerd each, so both cores work: the pool's own
# several-workers mode breaks its isolated storage. Arguments (a file filter) go to both shards.
set -uo pipefail
cd "$(dirname "$0")/.."

shard() {
  npx vitest run -c vitest.integration.config.ts --shard="$1/2" --passWithNoTests "${@:2}" 2>&1 | sed -u "s/^/[shard $1] /"
}
shard 1 "$@" &
first=$!
shard 2 "$@" &
second=$!
status=0
wait "$first" || status=1
wait "$second" || status=1
exit "$status"

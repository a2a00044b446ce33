#!/usr/bin/env bash
# The integration suite in two shards side by side, one workerd each, so both cores work: the pool's own
# several-workers mode breaks its isolated storage. The shards are split by each file's time
# (tests/integration/durations.json); `--record-durations` first rewrites that file from this run's times.
# Each half makes its test stores on its own store shard (TEST_STORE_SHARD), so both database shards are exercised.
# Other arguments (a file filter) go to both shards.
set -uo pipefail
cd "$(dirname "$0")/.."

reports=()
if [[ "${1:-}" == "--record-durations" ]]; then
  shift
  reports=("$(mktemp)" "$(mktemp)")
fi

shard() {
  local report=()
  [[ ${#reports[@]} -gt 0 ]] && report=(--reporter=default --reporter=json "--outputFile.json=${reports[$1 - 1]}")
  TEST_STORE_SHARD="SHARD_$1" npx vitest run -c vitest.integration.config.ts --shard="$1/2" --passWithNoTests "${report[@]}" "${@:2}" 2>&1 |
    sed -u "s/^/[shard $1] /"
}
shard 1 "$@" &
first=$!
shard 2 "$@" &
second=$!
status=0
wait "$first" || status=1
wait "$second" || status=1
if [[ $status -eq 0 && ${#reports[@]} -gt 0 ]]; then
  npx tsx scripts/integration-durations.ts "${reports[@]}" && rm -f "${reports[@]}"
fi
exit "$status"

#!/usr/bin/env bash
# npm test: type-check (the server and the explorer's browser code), lint (Biome's recommended rules and the layer rules in biome.json; a warning fails too), the
# dead-code check (knip: exports and dependencies nothing uses), the import-cycle check (scripts/import-cycles.ts), then every *.test.ts through node:test (explicit,
# shell-expanded file list: node's --test does not discover .ts files by itself). `--no-lint` skips these checks;
# `--no-lint FILE…` runs those files. All files run in two shards at once (see below).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" != "--no-lint" ]; then
  npx tsc --noEmit
  npx tsc --noEmit -p src/ui # the explorer's browser code (DOM types, Preact's JSX)
  npx biome check --error-on-warnings .
  npx knip --no-progress
  node --import ./bin/register-ts.js scripts/import-cycles.ts # no module of src/ imports itself through others
else
  shift
fi
# Servers the suite starts never learn from the real registry or feeds by themselves: the tests that exercise on-demand
# fetches and updates turn them on against local fixture servers.
export ON_DEMAND="${ON_DEMAND:-off}" UPDATE_INTERVAL="${UPDATE_INTERVAL:-off}"
# `--no-lint FILE…` runs only those test files (CI's extra passes on other Node lines).
run() { node --import ./bin/register-ts.js --test --test-concurrency=1 "$@"; }
if [ "$#" -gt 0 ]; then run "$@"; exit; fi
mapfile -t files < <(find src test -name '*.test.ts' -not -path '*/node_modules/*' | sort)
if [ "${#files[@]}" -eq 0 ]; then echo "no test files found" >&2; exit 1; fi
# Every file: in two shards at once (the suites share nothing: PostgreSQL suites each make their own schema or
# database, servers listen on free ports, folders are temporary), files alternating between them; the Redis suites
# stay in one shard, since one of them clears the answer cache's keys. The second shard's report follows the first's.
first=() second=()
for f in "${files[@]}"; do
  if grep -q TEST_REDIS_URL "$f" || [ $(((${#first[@]} + ${#second[@]}) % 2)) -eq 0 ]; then first+=("$f"); else second+=("$f"); fi
done
report="$(mktemp)"
trap 'rm -f "$report"' EXIT
run "${second[@]}" >"$report" 2>&1 &
shard=$!
status=0
run "${first[@]}" || status=$?
wait "$shard" || status=$?
cat "$report"
exit "$status"

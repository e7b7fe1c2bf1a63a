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
# TEST_TIMINGS_OUT=FILE also writes how long each file took (scripts/test-timings.ts), e.g. to refresh
# scripts/test-timings.tsv: `TEST_TIMINGS_OUT=scripts/test-timings.tsv npm run test:unit`.
reporters=()
if [ -n "${TEST_TIMINGS_OUT:-}" ]; then
  : >"$TEST_TIMINGS_OUT"
  reporters=(--test-reporter=spec --test-reporter-destination=stdout
    --test-reporter=./scripts/test-timings.ts --test-reporter-destination=stderr)
fi
# `--no-lint FILE…` runs only those test files (CI's extra passes on other Node lines).
run() { node --import ./bin/register-ts.js --test --test-concurrency=1 "${reporters[@]}" "$@"; }
if [ "$#" -gt 0 ]; then run "$@"; exit; fi
mapfile -t files < <(find src test -name '*.test.ts' -not -path '*/node_modules/*' | sort)
if [ "${#files[@]}" -eq 0 ]; then echo "no test files found" >&2; exit 1; fi
# Every file: in two shards at once (the suites share nothing: PostgreSQL suites each make their own schema or
# database, servers listen on free ports, folders are temporary), dealt by their last measured time
# (scripts/test-timings.tsv; a file not measured yet counts 5 s): longest first, each to the shard with less time so
# far, so that both end together. The Redis suites stay in the first shard, since one of them clears the answer
# cache's keys. The second shard's report follows the first's.
first=() second=()
while read -r shard f; do
  if [ "$shard" = 1 ]; then first+=("$f"); else second+=("$f"); fi
done < <(for f in "${files[@]}"; do
  grep -q TEST_REDIS_URL "$f" && redis=1 || redis=0
  echo "$f $redis"
done | awk -v timings=scripts/test-timings.tsv 'BEGIN { while ((getline l < timings) > 0) { split(l, p, "\t"); ms[p[2]] = p[1] } }
  { t = ($1 in ms) ? ms[$1] : 5000; print ($2 ? 0 : 1), t, $1 }' |
  sort -k1,1n -k2,2nr | awk '{ if ($1 == 0 || a <= b) { a += $2; print 1, $3 } else { b += $2; print 2, $3 } }')
report="$(mktemp)"
trap 'rm -f "$report"' EXIT
run "${second[@]}" >"$report" 2>&1 &
shard=$!
status=0
run "${first[@]}" || status=$?
wait "$shard" || status=$?
cat "$report"
exit "$status"

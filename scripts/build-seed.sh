#!/usr/bin/env bash
# Rebuilds (or, after adding names to the lists, extends) the seed KB in data/seed from the npm registry named by
# your npm configuration: npm run seed:build. Reruns are incremental: what is already in the build database is
# not fetched or analyzed again unless the registry changed it.
#   data/seed-packages.tsv          top packages; their runtime dependency closure is followed
#   data/seed-crypto-packages.txt   crypto-relevant packages; every version is analyzed
#   data/seed-debian-packages.txt   Debian packages (with Priority: required and the closure), from Debian's archive
#   data/seed-pypi-packages.txt     Python distributions, crates and Go modules (with their runtime closure), from
#   data/seed-cargo-packages.txt    the Debian packages that repackage them (scripts/add-repackaged-to-seed.ts;
#   data/seed-golang-packages.txt   chosen by scripts/choose-repackaged-seed.ts)
#   data/seed-maven-packages.txt    Maven artifacts (with their runtime closure), chosen by hand, from the same script
#   data/git-origin/                commit-timezone data of 41 repositories (origin from commit timing)
#   data/sources/                   OSV advisories, EPSS scores, CISA's KEV catalogue and purl2cpe, loaded from the
#                                   files shipped there (no network; data/sources/README.md). Without the npm
#                                   registry, the same vulnerability data can be added to the current seed with
#                                   node --import ./bin/register-ts.js scripts/add-vuln-data-to-seed.ts
set -euo pipefail
cd "$(dirname "$0")/.."
build_db="${SEED_BUILD_DB:-data/seed-build.sqlite}"
export DATABASE_URL="sqlite:${build_db}"
concurrency="${SEED_CONCURRENCY:-8}"
cli() { node bin/compintel.js "$@"; }

# A new build database starts as a copy of the shipped seed, so a rebuild fetches and analyzes only what is new:
# versions published since, and analyzers added since (they run on every version analyzed before).
SEED_DIR=data/seed cli migrate

# snippet fingerprints are added last, within the seed's budget (scripts/add-snippets-to-seed.ts)
cli ingest npm --from-file data/seed-packages.tsv --with-dependencies --versions all --analyze latest --concurrency "$concurrency" --skip-analyzer snippets || true
cli ingest npm --from-file data/seed-crypto-packages.txt --with-dependencies --versions all --analyze all --concurrency "$concurrency" --skip-analyzer snippets || true
# Debian (docs/debian.md "In the seed"): the list, every Priority: required package and their closure in bookworm,
# every version read (its installed tree: the upstream source's analyzers skipped), then the listed packages' newest
# versions with their upstream sources; Debian's archive is reached through apt with compintel's own configuration
skip_source=(--skip-analyzer snippets --skip-analyzer code-stats --skip-analyzer license-files --skip-analyzer crypto --skip-analyzer semgrep)
cli ingest debian --from-file data/seed-debian-packages.txt --priority required --with-dependencies --analyze all "${skip_source[@]}" || true
cli ingest debian --from-file data/seed-debian-packages.txt --analyze latest --skip-analyzer snippets --no-update || true
cli ingest osv data/sources/advisories/*.osv.ndjson.gz
cli ingest epss data/sources/epss/epss_scores-*.csv.gz
cli ingest kev data/sources/kev/known_exploited_vulnerabilities.json.gz
cli ingest purl2cpe data/sources/purl2cpe/purl2cpe.ndjson.gz --source-date 2026-08-22 # the snapshot's commit date
cli ingest commit-timezones data/git-origin/commit-timezones.ndjson.gz
cli export --out data/seed
# Python distributions, crates, Go modules and Maven artifacts (data/README.md; data/seed-{pypi,cargo,golang}-packages.txt,
# chosen by scripts/choose-repackaged-seed.ts; data/seed-maven-packages.txt): learned from the Debian packages that
# repackage them, with their runtime closure, into the exported seed (loaded into a temporary KB, exported again)
node --import ./bin/register-ts.js scripts/add-repackaged-to-seed.ts
node --import ./bin/register-ts.js scripts/add-snippets-to-seed.ts --budget-mb "${SEED_SNIPPET_BUDGET_MB:-8}"

# The seed must not name the registry it was built from (hosts are never committed). Only the tables read from
# the registry are checked: third-party advisories may cite any site in their references.
host=$(npm config get registry | sed -E 's#^[a-z]+://##; s#/.*$##')
npm_files=()
for t in components versions version_licenses version_dependencies version_files analyses; do npm_files+=(data/seed/"$t"/*.ndjson.gz); done
if [ -n "$host" ] && zcat "${npm_files[@]}" | grep -qF "$host"; then
  echo "build-seed: the export mentions the registry host; refusing to keep it" >&2
  exit 1
fi
du -sh data/seed

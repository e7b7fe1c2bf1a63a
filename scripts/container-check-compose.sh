#!/usr/bin/env bash
# compose.yaml under podman-compose where no image registry is reachable (scripts/container-check.sh compose, after
# its base and build steps). The postgres and redis images are replaced by stand-ins built from the local base with
# Debian's postgresql-15 and redis-server, behaving as the official images do where compose.yaml relies on them
# (POSTGRES_USER/PASSWORD/DB on the first start, pg_isready, redis-server without protected mode, redis-cli). Then:
# both API nodes start together on the empty KB, exactly one loads the seed, both answer alike with a key from the
# environment, their health checks pass, a package enqueued through the cli service is ingested by the worker and
# served, and `down` stops everything with SIGTERM.
set -euo pipefail
cd "$(dirname "$0")/.."
WORK="${WORK:-${TMPDIR:-/tmp}/compintel-container}"
export CONTAINERS_CONF="$WORK/containers.conf" # written by container-check.sh
BASE=localhost/node:24-bookworm-slim
PROJECT=compintel_check
PACKAGE="${PACKAGE:-is-odd}" # not in the seed
say() { printf '\n== %s\n' "$*"; }
ms() { date +%s%3N; }

standin() { # image name, apt package, entrypoint script, user, command, further Containerfile lines
  local dir="$WORK/standin-${1%%:*}"
  mkdir -p "$dir" && printf '%s\n' "$3" >"$dir/entrypoint.sh" && chmod 755 "$dir/entrypoint.sh"
  cat >"$dir/Containerfile" <<EOF
FROM $BASE
RUN apt-get update && apt-get install -y --no-install-recommends $2 && rm -rf /var/lib/apt/lists/*
$6
COPY entrypoint.sh /usr/local/bin/
USER $4
ENTRYPOINT ["entrypoint.sh"]
CMD ["$5"]
EOF
  podman build -q --pull=never --network host -t "localhost/$1" "$dir" >/dev/null
}

say "stand-ins for postgres:15-bookworm and redis:7.0-bookworm"
standin postgres:15-bookworm postgresql-15 '#!/bin/sh
set -e
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf %s "$POSTGRES_PASSWORD" >/tmp/pw
  initdb -D "$PGDATA" -U "${POSTGRES_USER:-postgres}" --pwfile=/tmp/pw --auth-local=trust --auth-host=scram-sha-256
  rm /tmp/pw && echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses=" -w start
  createdb -U "${POSTGRES_USER:-postgres}" "${POSTGRES_DB:-${POSTGRES_USER:-postgres}}"
  pg_ctl -D "$PGDATA" -m fast -w stop
fi
exec "$@" -c listen_addresses="*"' postgres postgres 'ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
RUN mkdir -p "$PGDATA" /var/run/postgresql && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql'
standin redis:7.0-bookworm redis-server '#!/bin/sh
[ "$1" = redis-server ] && { shift; exec redis-server --protected-mode no "$@"; }
exec "$@"' redis redis-server ''

# The secrets compose.yaml wants from .env, here from the environment; host ports that are free on this machine.
POSTGRES_PASSWORD="$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
COMPINTEL_API_KEYS="compose-check-$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
export POSTGRES_PASSWORD COMPINTEL_API_KEYS API_1_PORT=18091 API_2_PORT=18092 LOG_LEVEL=info
key="$COMPINTEL_API_KEYS"
# The worker fetches from the npm registry: this machine's npm config (container-check.sh build) mounted as the
# compose.yaml comment says, with its CA bundle where that config names it.
ca="$(npm config get cafile 2>/dev/null || true)"
[ -f "$ca" ] || ca="${NODE_EXTRA_CA_CERTS:-}" # a Node from elsewhere first on PATH: the bundle Node is given
mounts="\"$WORK/npmrc:/home/node/.npmrc:ro,z\""
[ ! -f "$ca" ] || mounts="$mounts, \"$ca:/run/secrets/npm_ca:ro,z\""
cat >"$WORK/compose.override.yaml" <<EOF
services:
  worker:
    volumes: [$mounts]
EOF
chown 1000 "$WORK/npmrc" # readable by the worker (uid 1000) only
pc() { podman-compose -p "$PROJECT" -f compose.yaml -f "$WORK/compose.override.yaml" "$@"; }
trap 'pc down -v >/dev/null 2>&1 || true' EXIT

say "podman-compose up"
t0=$(ms)
# podman-compose 1.0.3 prints the merged file and each podman command: kept in a log.
pc up -d >"$WORK/compose-up.log" 2>&1
podman ps -a --filter "label=io.podman.compose.project=$PROJECT" --format '{{.Names}}\t{{.Status}}'
for n in api-1 api-2; do
  until podman logs "${PROJECT}_${n}_1" 2>&1 | grep -q 'compintel listening on'; do sleep 1; done
  echo "$n listening after $(( ($(ms) - t0) / 1000 )) s"
done
# podman-compose 1.0.3 starts services in order but does not wait for service_healthy: a node that found PostgreSQL
# not yet up exits and is restarted (restart: unless-stopped).
podman ps -a --filter "label=io.podman.compose.project=$PROJECT" --format '{{.Names}}' |
  xargs podman inspect --format '{{.Name}} restarts={{.RestartCount}}' | tr '\n' ' ' && echo
echo "seed loaded by: $(for n in api-1 api-2; do podman logs "${PROJECT}_${n}_1" 2>&1 | grep -q 'Seed loaded' &&
  echo -n "$n "; done)"
podman logs "${PROJECT}_api-1_1" "${PROJECT}_api-2_1" 2>&1 | grep -E 'Seed loaded|ERR|rror' | cut -c1-160 || true
q='/v2/components/versions?purl=pkg:npm/express&limit=2'
a="$(curl -s -H "x-api-key: $key" "http://127.0.0.1:$API_1_PORT$q")"
b="$(curl -s -H "x-api-key: $key" "http://127.0.0.1:$API_2_PORT$q")"
[ "$a" = "$b" ] && echo "both nodes answer alike: ${a:0:100}…" || { echo "FAIL: answers differ"; exit 1; }
for n in api-1 api-2; do podman healthcheck run "${PROJECT}_${n}_1" && echo "$n healthcheck: passed"; done

say "enqueue $PACKAGE through the cli service; the worker ingests it"
# (podman-compose 1.0.3 also tries to create the running postgres again for `run`, and says it could not.)
pc run --rm cli ingest npm "$PACKAGE" --enqueue 2>&1 | grep -E '^queued' || true
t0=$(ms)
until curl -s -H "x-api-key: $key" "http://127.0.0.1:$API_1_PORT/v2/components/versions?purl=pkg:npm/$PACKAGE" |
  grep -q '"versions":\[{'; do
  [ $(( $(ms) - t0 )) -lt 180000 ] || { podman logs "${PROJECT}_worker_1" | tail -20; exit 1; }
  sleep 2
done
echo "$PACKAGE served by api-2 $(( ($(ms) - t0) / 1000 )) s after enqueue: $(curl -s -H "x-api-key: $key" \
  "http://127.0.0.1:$API_2_PORT/v2/components/versions?purl=pkg:npm/$PACKAGE&limit=1" | cut -c1-120)…"

say "podman-compose down (SIGTERM, then removal)"
t0=$(ms)
pc stop >"$WORK/compose-stop.log" 2>&1
echo "stopped in $(( $(ms) - t0 )) ms; exit codes: $(podman ps -a --filter "label=io.podman.compose.project=$PROJECT" \
  --format '{{.Names}}={{.ExitCode}}' | tr '\n' ' ')"
podman logs "${PROJECT}_api-1_1" 2>&1 | grep 'shutting down' | cut -c1-160
echo "worker's log:"
podman logs "${PROJECT}_worker_1" 2>&1 | cut -c1-200 | tail -8

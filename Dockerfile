# compintel in one image: `compintel serve` (the default), `worker`, `ingest`, `keys`, `migrate`, `export`.
#
#   docker build -t compintel .
#   docker build --secret id=npmrc,src="$HOME/.npmrc" -t compintel .     # a private registry, proxy or token
#   docker run --rm -p 8080:8080 -e COMPINTEL_API_KEYS="$KEYS" compintel   # SQLite KB in a volume, seed loaded
#
# Two stages on the same base, so better-sqlite3 is compiled against the exact Node it runs on: the build stage
# has the compilers, the runtime stage only Node, the production node_modules and the sources. There is no compile
# step: tsx (a production dependency) runs the TypeScript as it is, as `npm start` does.

FROM node:20-bookworm-slim AS build
# node-gyp builds better-sqlite3 with these when no prebuilt binary can be downloaded for this Node.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# node-gyp takes Node's headers from the image (the node image ships them in /usr/local/include/node) instead of
# downloading them, so the build works where only the npm registry is reachable.
ENV npm_config_nodedir=/usr/local
COPY package.json package-lock.json .npmrc ./
# The optional secrets never reach a layer: `npmrc` is a user config (registry, proxy, token); `npm_ca` a CA bundle
# it may name as `cafile=/run/secrets/npm_ca` (a proxy that re-signs TLS). The last line fails the build, not the
# first request, if a native module did not build or install.
RUN --mount=type=secret,id=npmrc,required=false \
    --mount=type=secret,id=npm_ca,required=false \
    --mount=type=cache,target=/root/.npm,sharing=locked \
    NPM_CONFIG_USERCONFIG=/run/secrets/npmrc npm ci --omit=dev --no-audit --no-fund \
 && node -e "new (require('better-sqlite3'))(':memory:').close(); require('@ast-grep/napi')"

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATABASE_URL=sqlite:/var/lib/compintel/compintel.sqlite \
    SEED_DIR=/app/data/seed
WORKDIR /app
# Owned by root and read-only to the server: only the SQLite directory (unused on PostgreSQL) is writable.
COPY --from=build /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.json ./
COPY bin ./bin
COPY src ./src
COPY rulesets ./rulesets
COPY data ./data
# Mount a volume there to keep a SQLite KB (docker run -v compintel-kb:/var/lib/compintel).
RUN mkdir -p /var/lib/compintel && chown node:node /var/lib/compintel
# uid 1000 of the node image
USER node
EXPOSE 8080
# Readiness, not liveness: a node whose KB does not answer or that sheds load reports unhealthy (503). The start
# period covers the first start on an empty KB, which loads the seed before listening.
HEALTHCHECK --interval=15s --timeout=5s --start-period=300s --retries=3 CMD ["node", "bin/healthcheck.js", "/ready"]
# `serve` handles SIGTERM itself: stop accepting, finish in-flight requests (SHUTDOWN_TIMEOUT_MS), close the KB.
# Give the container longer than that to stop (compose: stop_grace_period, docker stop -t).
STOPSIGNAL SIGTERM
ENTRYPOINT ["node", "bin/compintel.js"]
CMD ["serve"]

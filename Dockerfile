# compintel in one image: `compintel serve` (the default), `worker`, `ingest`, `keys`, `migrate`, `export`.
#
#   docker build -t compintel .
#   docker build --secret id=npmrc,src="$HOME/.npmrc" -t compintel .     # a private registry, proxy or token
#   docker run --rm -p 8080:8080 -e COMPINTEL_API_KEYS="$KEYS" compintel   # SQLite KB in a volume, seed loaded
#
# One stage on Node 24 (the LTS line the project tests on first): nothing is compiled. better-sqlite3 13,
# @ast-grep/napi and its language packages, and esbuild carry prebuilt binaries in their npm packages, so
# the image needs neither compilers nor any download beyond the npm registry, and installs with --ignore-scripts:
# the scripts there only look for those binaries, except that npm, installing from a lockfile, runs node-gyp for
# better-sqlite3 (it has no sources to build, but node-gyp wants python3 and make, which the image does not have).
# There is no build step either: bin/ts-loader.js strips the types with esbuild as each file loads, as `npm start` does.

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATABASE_URL=sqlite:/var/lib/compintel/compintel.sqlite \
    SEED_DIR=/app/data/seed
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# The optional secrets never reach a layer: `npmrc` is a user config (registry, proxy, token); `npm_ca` a CA bundle
# it may name as `cafile=/run/secrets/npm_ca` (a proxy that re-signs TLS). The npm cache stays in a build cache
# mount, outside the image. The last line fails the build, not the first request, if a prebuilt binary is missing.
RUN --mount=type=secret,id=npmrc,required=false \
    --mount=type=secret,id=npm_ca,required=false \
    --mount=type=cache,target=/root/.npm,sharing=locked \
    NPM_CONFIG_USERCONFIG=/run/secrets/npmrc npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && node -e "new (require('better-sqlite3'))(':memory:').close(); const langs = ['c', 'go', 'java', 'python']; \
      require('@ast-grep/napi').registerDynamicLanguage(Object.fromEntries(langs.map((l) => [l, require('@ast-grep/lang-' + l)]))); \
      require('esbuild').transformSync('let a: number = 1', { loader: 'ts' })"
# Owned by root and read-only to the server: only the SQLite directory (unused on PostgreSQL) is writable.
COPY tsconfig.json ./
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

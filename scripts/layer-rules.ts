// Writes biome.json's layer overrides from the table of docs/architecture.md "Imports run one way": for each folder of
// src/ and each depth its files sit at, a noRestrictedImports rule naming the folders it may not import (tests may wire
// any adapter). Run it after changing the table or adding a folder, then `npx biome format --write biome.json`.
//   node --import ./bin/register-ts.js scripts/layer-rules.ts
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** Every folder the rules name; `config/` may be imported by all. */
const FOLDERS = ['domain', 'config', 'reference', 'storage', 'rules', 'cache', 'ingest', 'sources', 'http'].concat([
  'on-demand',
  'update',
  'jobs',
  'app',
  'cli',
])

/** What each layer may import besides its own files and config/ (docs/architecture.md's table). */
const ALLOWED: Record<string, { allowed: string[]; message: string }> = {
  domain: { allowed: [], message: 'domain/ is plain TypeScript: no HTTP, SQL, cache, ingestion or environment' },
  config: { allowed: ['domain'], message: 'config/ imports the domain only' },
  reference: { allowed: ['domain'], message: 'reference/ imports the domain only' },
  storage: { allowed: ['domain'], message: 'storage/ implements domain ports and imports the domain only' },
  rules: { allowed: ['domain'], message: 'rules/ imports the domain only' },
  cache: { allowed: ['domain'], message: 'cache/ imports the domain only' },
  ingest: {
    allowed: ['domain', 'rules'],
    message: 'ingest/ (the artifact walk and its analyzers) imports the domain and rules only',
  },
  sources: {
    allowed: ['domain', 'rules', 'ingest'],
    message: 'sources/ (one folder per upstream) imports the domain, rules and ingest only',
  },
  http: { allowed: ['domain', 'cache'], message: 'http/ imports the domain and the answer cache only' },
  'on-demand': {
    allowed: ['domain', 'storage', 'sources'],
    message: 'on-demand/ imports the domain, storage and sources only',
  },
  update: {
    allowed: ['domain', 'storage', 'ingest', 'sources'],
    message: 'update/ imports the domain, storage, ingest and sources only',
  },
  jobs: {
    allowed: ['domain', 'storage', 'ingest', 'sources', 'on-demand'],
    message: 'jobs/ (background work) imports the domain, storage, ingest, sources and on-demand only',
  },
  app: { allowed: FOLDERS.filter((f) => f !== 'cli'), message: 'app/ (the composition) never imports the CLI' },
}

/** Libraries a layer never imports (the same table's last column). */
const NEVER: Record<string, string[]> = {
  domain: ['fastify', 'kysely', 'pg', 'better-sqlite3', 'ioredis', 'pacote'],
  cache: ['fastify', 'kysely', 'pg', 'better-sqlite3', 'pacote'],
  http: ['kysely', 'pg', 'better-sqlite3', 'pacote'],
  'on-demand': ['fastify'],
  update: ['fastify'],
  sources: ['fastify'],
  jobs: ['fastify'],
}

/** The depths (1 = src/<folder>/x.ts) at which a folder has TypeScript files. */
function depths(folder: string): number[] {
  const found = new Set<number>()
  const walk = (dir: string, depth: number) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(dir, e.name), depth + 1)
      else if (/\.tsx?$/.test(e.name)) found.add(depth)
    }
  }
  walk(path.join('src', folder), 1)
  return [...found].sort()
}

const biome = JSON.parse(readFileSync('biome.json', 'utf8'))
const others = biome.overrides.filter((o: { includes: string[] }) => !o.includes[0]?.startsWith('src/'))
const layers = Object.entries(ALLOWED).flatMap(([folder, { allowed, message }]) =>
  depths(folder).map((d) => {
    const up = '../'.repeat(d)
    const forbidden = FOLDERS.filter((f) => f !== folder && f !== 'config' && !allowed.includes(f))
    const text = `${message} (docs/architecture.md, Layers)`
    const never = NEVER[folder] ?? []
    const options = {
      patterns: [{ group: forbidden.map((f) => `${up}${f}/**`), message: text }],
      ...(never.length > 0 ? { paths: Object.fromEntries(never.map((l) => [l, text])) } : {}),
    }
    const style = {
      noRestrictedImports: { level: 'error', options },
      ...(folder === 'domain' ? { noProcessEnv: 'error' } : {}),
    }
    return { includes: [`src/${folder}${'/*'.repeat(d)}.ts`, '!**/*.test.ts'], linter: { rules: { style } } }
  }),
)
biome.overrides = [...others, ...layers]
writeFileSync('biome.json', `${JSON.stringify(biome, null, 2)}\n`)
console.error(`biome.json: ${layers.length} layer overrides for ${Object.keys(ALLOWED).length} folders`)

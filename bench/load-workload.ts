// The load test's workload (bench/load.ts): request classes built from the real seed in a KB (single-component GETs
// of several areas, 100- and 1,000-component POST batches, searches, folder scans) and a seeded picker, so two runs
// with the same --seed send the same requests in the same order, whichever backend answers them.
import type { Storage } from '../src/storage/database.ts'
import { SEARCH_QUERIES } from './search.ts'

export type ClassName = 'get' | 'search' | 'batch-100' | 'batch-1000' | 'folder-scan'

export interface LoadRequest {
  /** The class and the endpoint, e.g. "get licenses": the report's finer rows. */
  label: string
  cls: ClassName
  method: 'GET' | 'POST'
  path: string
  body?: string
}

/**
 * The share of each class in the requests sent. Modelled on who calls the API: people and IDE plugins looking one
 * component up (most requests, each cheap), CI pipelines posting a project's SBOM as a batch (few requests, each
 * 100-1,000 components, most of the server's work: the 2% of 1,000-component batches cost about as much as the 70%
 * of GETs), searches from a UI, and folder scans of a checkout (docs/benchmarks.md).
 */
export const DEFAULT_MIX: Record<ClassName, number> = {
  get: 0.7,
  search: 0.12,
  'batch-100': 0.1,
  'batch-1000': 0.02,
  'folder-scan': 0.06,
}

/** Single-component GETs, one per area; `p` is a purl, `v` a version of it or '' (the latest). */
const GETS: { area: string; path: (p: string, v: string) => string }[] = [
  { area: 'components versions', path: (p) => `/v2/components/versions?purl=${q(p)}&limit=20` },
  { area: 'components status', path: (p, v) => `/v2/components/status/component?purl=${q(p)}${req(v)}` },
  { area: 'licenses', path: (p, v) => `/v2/licenses/component?purl=${q(at(p, v))}` },
  { area: 'vulnerabilities', path: (p, v) => `/v2/vulnerabilities/component?purl=${q(p)}${req(v)}` },
  { area: 'cryptography', path: (p, v) => `/v2/cryptography/algorithms/component?purl=${q(at(p, v))}` },
  { area: 'semgrep', path: (p, v) => `/v2/semgrep/issues/component?purl=${q(at(p, v))}` },
  { area: 'geoprovenance', path: (p) => `/v2/geoprovenance/countries/component?purl=${q(p)}` },
]
const q = encodeURIComponent
const at = (p: string, v: string) => (v ? `${p}@${v}` : p)
const req = (v: string) => (v ? `&requirement=${q(v)}` : '')

/** The batch endpoints; all take `{components: [{purl}]}`. Transitive dependencies only at 100 (see DEFAULT_MIX). */
const BATCHES = [
  { area: 'licenses', path: '/v2/licenses/components', sizes: [100, 1000] },
  { area: 'vulnerabilities', path: '/v2/vulnerabilities/components', sizes: [100, 1000] },
  { area: 'cryptography', path: '/v2/cryptography/algorithms/components', sizes: [100, 1000] },
  { area: 'semgrep', path: '/v2/semgrep/issues/components', sizes: [100, 1000] },
  { area: 'components status', path: '/v2/components/status/components', sizes: [100, 1000] },
  // the transitive walk takes one ecosystem's components (npm): its bodies are windows of the npm versions only
  { area: 'dependencies', path: '/v2/dependencies/transitive/components', sizes: [100], npmOnly: true },
]

/** A small fast PRNG (mulberry32): numbers in [0, 1), the same sequence for the same seed. */
export function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export interface Workload {
  mix: Record<ClassName, number>
  /** The next request, drawn with the workload's own PRNG. */
  next(): LoadRequest
  /** What the requests are drawn from, for the report. */
  sizes: Record<string, number>
}

/**
 * The workload over `storage`'s seed: `scans` are ready folder-scan bodies (bench/load-folders.ts); a class whose
 * share is 0 is never drawn. Batches are windows of the KB's versions in a seeded shuffle, prepared up front so the
 * driver spends nothing on them while it runs.
 */
export async function buildWorkload(
  storage: Storage,
  scans: readonly string[],
  {
    seed = 1,
    mix = DEFAULT_MIX,
    bodies = 12,
  }: { seed?: number; mix?: Record<ClassName, number>; bodies?: number } = {},
): Promise<Workload> {
  const rand = random(seed)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T
  const versions = await storage.db
    .selectFrom('versions as v')
    .innerJoin('components as c', 'c.id', 'v.component_id')
    .select(['c.purl', 'c.name', 'c.namespace', 'v.version'])
    .orderBy('v.id')
    .execute()
  if (versions.length === 0) throw new Error('the KB holds no versions: load the seed first')
  const shuffled = versions.map((r) => `${r.purl}@${r.version}`)
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1))
    ;[shuffled[i], shuffled[j]] = [shuffled[j] as string, shuffled[i] as string]
  }
  const windows = (from: readonly string[], size: number) =>
    Array.from({ length: bodies }, () => {
      const start = Math.floor(rand() * Math.max(1, from.length - size))
      return JSON.stringify({ components: from.slice(start, start + size).map((purl) => ({ purl })) })
    })
  const batchBodies = new Map([100, 1000].map((size) => [size, windows(shuffled, size)]))
  const npmBodies = windows(
    shuffled.filter((p) => p.startsWith('pkg:npm/')),
    100,
  )
  // searches: the search bench's fixed kinds, then real names whole, their first three letters, and scopes as vendors
  const searches = [...SEARCH_QUERIES]
  for (let i = 0; i < 60; i++) {
    const c = pick(versions)
    searches.push(`search=${q(c.name)}`, `search=${q(c.name.slice(0, 3))}`)
    if (c.namespace) searches.push(`vendor=${q(c.namespace.replace(/^@/, ''))}`)
  }

  const make: Record<ClassName, () => LoadRequest> = {
    get: () => {
      const g = pick(GETS)
      const r = pick(versions)
      // half ask a given version, half the latest (no version): both are how clients call
      const path = g.path(r.purl, rand() < 0.5 ? r.version : '')
      return { label: `get ${g.area}`, cls: 'get', method: 'GET', path }
    },
    search: () => ({
      label: 'search',
      cls: 'search',
      method: 'GET',
      path: `/v2/components/search?${pick(searches)}`,
    }),
    'batch-100': () => batch(100),
    'batch-1000': () => batch(1000),
    'folder-scan': () => {
      if (scans.length === 0) throw new Error('folder scans are in the mix but no scan bodies were built')
      return {
        label: 'folder-scan',
        cls: 'folder-scan',
        method: 'POST',
        path: '/v2/scanning/hfh/scan',
        body: pick(scans),
      }
    },
  }
  function batch(size: 100 | 1000): LoadRequest {
    const b = pick(BATCHES.filter((x) => x.sizes.includes(size)))
    const cls: ClassName = size === 100 ? 'batch-100' : 'batch-1000'
    const body = pick('npmOnly' in b ? npmBodies : (batchBodies.get(size) ?? []))
    return { label: `${cls} ${b.area}`, cls, method: 'POST', path: b.path, body }
  }

  const classes = (Object.keys(mix) as ClassName[]).filter((c) => mix[c] > 0)
  const total = classes.reduce((n, c) => n + mix[c], 0)
  return {
    mix,
    next: () => {
      let x = rand() * total
      for (const c of classes) {
        x -= mix[c]
        if (x < 0) return make[c]()
      }
      return make[classes[classes.length - 1] as ClassName]()
    },
    sizes: { versions: versions.length, searches: searches.length, 'folder scans': scans.length },
  }
}

// The frame of the scripts that add to the shipped seed (add-vuln-data-to-seed.ts, add-snippets-to-seed.ts,
// add-file-algorithms-to-seed.ts, add-debian-to-seed.ts): the seed loaded into a fresh SQLite file, the script's work
// on it, the seed exported again as release `seed-<today>` (every table the work did not touch exports exactly as
// before); and the loop of the scripts that walk npm versions' tarballs through one analyzer again.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Analyzer } from '../src/ingest/analyzers/types.ts'
import { type WalkResult, walkTarball } from '../src/ingest/tarball-walk.ts'
import { RegistryClient } from '../src/sources/npm/registry-client.ts'
import { openStorage, type Storage } from '../src/storage/database.ts'
import { migrate } from '../src/storage/migrate.ts'
import { exportSeed } from '../src/storage/seed-export.ts'
import { loadSeed } from '../src/storage/seed-import.ts'
import type { SeedManifest } from '../src/storage/seed-layout.ts'

export const log = (line: string) => console.error(line)

/** Loads `seed` into `db` (a new temporary file when not given), runs `work`, exports to `out`. */
export async function editSeed(
  o: { seed: string; out: string; db?: string | undefined },
  work: (storage: Storage) => Promise<void>,
): Promise<SeedManifest> {
  const db = o.db ?? path.join(mkdtempSync(path.join(tmpdir(), 'compintel-seed-')), 'kb.sqlite')
  const storage = openStorage({ kind: 'sqlite', path: db })
  try {
    await migrate(storage)
    const t = Date.now()
    const seed = await loadSeed(storage, o.seed)
    if (!seed.loaded) throw new Error(`the seed was not loaded: ${seed.reason}`)
    log(`seed ${o.seed}: ${seed.rows} rows loaded in ${((Date.now() - t) / 1000).toFixed(1)} s into ${db}`)
    await work(storage)
    const createdAt = new Date().toISOString()
    const meta = { release: `seed-${createdAt.slice(0, 10)}`, created_at: createdAt }
    const manifest = await exportSeed(storage, o.out, meta, log)
    const rows = Object.values(manifest.tables).reduce((n, x) => n + x.rows, 0)
    log(`exported ${rows} rows to ${o.out} (release ${manifest.release})`)
    return manifest
  } finally {
    await storage.close()
  }
}

/** An npm version of the seed whose tarball is walked again. */
export interface SeedVersion {
  purl: string
  name: string
  namespace: string | null
  version: string
  integrity: string | null
}

/**
 * Walks each version's tarball through `analyzer`, `concurrency` at a time, fetched from the registry of your npm
 * configuration where the version's packument says (each packument read once); `use` gets each batch's walks in
 * order (a version whose fetch or walk failed is logged, counted and left out). `more`, asked before each batch, may
 * stop early. Returns the number of failures.
 */
export async function walkSeedVersions<V extends SeedVersion>(
  versions: readonly V[],
  analyzer: Analyzer<unknown>,
  concurrency: number,
  use: (walked: readonly (readonly [V, WalkResult])[], done: number) => Promise<void>,
  more: () => Promise<boolean> = async () => true,
): Promise<number> {
  const registry = new RegistryClient()
  const packuments = new Map<string, ReturnType<typeof registry.packument>>()
  const nameOf = (v: V) => (v.namespace ? `${v.namespace}/${v.name}` : v.name)
  const tarballUrl = async (v: V) => {
    const n = nameOf(v)
    if (!packuments.has(n)) packuments.set(n, registry.packument(n))
    return (await packuments.get(n))?.versions?.[v.version]?.dist?.tarball
  }
  let failed = 0
  for (let i = 0; i < versions.length && (await more()); i += concurrency) {
    const part = versions.slice(i, i + concurrency)
    const walked = await Promise.all(
      part.map(async (v) => {
        const ref = {
          name: nameOf(v),
          version: v.version,
          integrity: v.integrity ?? undefined,
          url: await tarballUrl(v),
        }
        return registry
          .withTarball(ref, (s) => walkTarball(s, [analyzer]))
          .then((w) => [v, w] as const)
          .catch((err: Error) => {
            failed++
            log(`  ${v.purl}@${v.version}: ${err.message}`)
            return undefined
          })
      }),
    )
    await use(
      walked.filter((w) => w !== undefined),
      i + part.length,
    )
  }
  return failed
}

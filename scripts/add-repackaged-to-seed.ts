// Adds Python distributions, crates, Go modules and Maven artifacts to the seed (data/README.md "The seed KB"): loads
// the current seed into a fresh SQLite file, learns the names of data/seed-<ecosystem>-packages.txt (pypi, cargo and
// golang chosen by scripts/choose-repackaged-seed.ts, maven by hand) as `compintel ingest pypi|cargo|golang|maven`
// learns them, from the Debian packages that repackage them (the units of src/sources/<ecosystem>: every version the
// suite holds, its metadata, then its files walked by every analyzer but snippets), with their runtime dependency
// closure as the transitive walk follows it (domain/dependencies/walk-ecosystems.ts: the dependencies of each one's
// newest version that apply on CPython 3.11 / x86_64 Linux, no extras; a crate's default features; a module's go.mod
// requirements; Maven's compile and runtime ones), and exports the seed again. Needs Debian's archive (apt, with
// compintel's own configuration). --ecosystem limits it to some (what the seed already holds is kept).
//   node --import ./bin/register-ts.js scripts/add-repackaged-to-seed.ts [--suite bookworm] [--apt-dir DIR]
//     [--ecosystem pypi,cargo,golang,maven] [--seed DIR] [--out DIR] [--db FILE]
// `npm run seed:build` runs it on its export, before the snippet fingerprints (scripts/build-seed.sh).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from '../src/config/config.ts'
import { SEED_DIR } from '../src/config/seed-dir.ts'
import { WALK_ECOSYSTEMS } from '../src/domain/dependencies/walk-ecosystems.ts'
import { parseUnitOptions } from '../src/domain/kb/ingest-queue.ts'
import { purlName } from '../src/domain/shared/purl.ts'
import { DEFAULT_ANALYZERS } from '../src/ingest/analyzers/index.ts'
import { cargoSource } from '../src/sources/cargo/source.ts'
import { golangSource } from '../src/sources/golang/source.ts'
import { mavenSource } from '../src/sources/maven/source.ts'
import { PackageNotFound } from '../src/sources/npm/registry.ts'
import { pypiSource } from '../src/sources/pypi/source.ts'
import type { PackageSource, RunnerDeps } from '../src/sources/source.ts'
import { SqlAdvisoryWriter } from '../src/storage/advisory-writer.ts'
import type { Storage } from '../src/storage/database.ts'
import { SqlDependencyReader } from '../src/storage/dependency-reader.ts'
import { SqlOriginWriter } from '../src/storage/geo-store.ts'
import { SqlKbWriter } from '../src/storage/kb-writer.ts'
import { editSeed, log } from './seed-edit.ts'

/** A closure larger than this is cut (and said so): the seed's budget is a few MB. */
const MAX_PACKAGES = 2000

const { values } = parseArgs({
  options: {
    suite: { type: 'string', default: 'bookworm' },
    'apt-dir': { type: 'string' },
    ecosystem: { type: 'string', default: 'pypi,cargo,golang,maven' },
    seed: { type: 'string', default: SEED_DIR },
    out: { type: 'string', default: SEED_DIR },
    db: { type: 'string' },
  },
})
const config = loadConfig()
const debian = { ...config.growth.debian, aptDir: values['apt-dir'] ?? config.growth.debian.aptDir }
await editSeed(values, async (storage) => {
  const deps: RunnerDeps = {
    growth: { ...config.growth, debian: { ...debian, suites: [values.suite] } },
    writer: new SqlKbWriter(storage),
    advisories: new SqlAdvisoryWriter(storage),
    origins: new SqlOriginWriter(storage.db),
    // every analyzer but snippets (their fingerprints have their own budget: scripts/add-snippets-to-seed.ts)
    analyzers: DEFAULT_ANALYZERS.filter((a) => a.name !== 'snippets'),
    registry: {},
  }
  const sources: Record<SeedType, PackageSource> = {
    pypi: pypiSource,
    cargo: cargoSource,
    golang: golangSource,
    maven: mavenSource,
  }
  const asked = values.ecosystem.split(',').map((e) => e.trim())
  for (const e of asked) if (!(e in sources)) throw new Error(`--ecosystem: not one of ${Object.keys(sources)}: ${e}`)
  for (const [type, source] of Object.entries(sources) as [SeedType, PackageSource][]) {
    if (!asked.includes(type)) continue
    const list = path.join(path.dirname(SEED_DIR), `seed-${type}-packages.txt`)
    await learnClosure(source, type, namesOf(list), deps, storage)
  }
})

function namesOf(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.split('\t')[0]?.trim() ?? '')
    .filter((l) => l !== '' && !l.startsWith('#'))
}

/** Learns each name (its known phase, then its analysis) and then what its newest version depends on, each once. */
async function learnClosure(
  source: PackageSource,
  type: SeedType,
  names: readonly string[],
  deps: RunnerDeps,
  storage: Storage,
): Promise<void> {
  const t = Date.now()
  const run = source.runner(deps)
  const key = (name: string) => keyOf(type, name)
  const queue = names.map((name) => ({ name, from: '' }))
  const seen = new Set(names.map(key))
  const tally = { written: 0, notFound: [] as string[], failed: [] as string[], closure: 0, cut: 0 }
  while (queue.length > 0) {
    const { name, from } = queue.shift() as { name: string; from: string }
    const phases = source.phases('analyze', { source: source.source, name, asked: [''], need: 'metadata' })
    try {
      let changed = false
      for (const raw of [phases.known, phases.analysis])
        if (raw !== undefined) changed = (await run({ name, options: parseUnitOptions(raw) })).changed || changed
      if (changed) tally.written++
      if (from) tally.closure++
    } catch (err) {
      if (err instanceof PackageNotFound) tally.notFound.push(from ? `${name} (of ${from})` : name)
      else tally.failed.push(`${name}: ${(err as Error).message}`)
      continue
    }
    for (const dep of await dependenciesOf(storage, type, key(name))) {
      if (seen.has(key(dep))) continue
      if (seen.size >= MAX_PACKAGES) {
        tally.cut++
        continue
      }
      seen.add(key(dep))
      queue.push({ name: dep, from: name })
    }
  }
  log(
    `${type}: ${names.length} listed, ${tally.closure} more in their closure, ${tally.written} written; ` +
      `not in ${values.suite}: ${tally.notFound.length} (${tally.notFound.join(', ') || 'none'}); ` +
      `failed: ${tally.failed.length}${tally.cut ? `; ${tally.cut} left out (closure cut)` : ''} ` +
      `(${((Date.now() - t) / 1000).toFixed(0)} s)`,
  )
  for (const f of tally.failed) log(`failed: ${f}`)
}

type SeedType = 'pypi' | 'cargo' | 'golang' | 'maven'

/** A name's lookup key (purl_name); a Maven name is `groupId:artifactId`, a Go module its path. */
function keyOf(type: SeedType, name: string): string {
  const [namespace, artifact] = name.split(':')
  return type === 'maven' && namespace && artifact
    ? purlName({ type, namespace, name: artifact })
    : purlName({ type, name })
}

/**
 * The names (the queue's: a lookup key; Maven's `groupId:artifactId` and a Go module's path as declared, since a
 * module path is case-sensitive) of what the component's newest version depends on, as the transitive walk follows
 * them.
 */
async function dependenciesOf(storage: Storage, type: SeedType, key: string): Promise<string[]> {
  const walk = WALK_ECOSYSTEMS[type]
  if (!walk) throw new Error(`no dependency rules for ${type}`)
  const rows = await storage.db
    .selectFrom('components as c')
    .innerJoin('versions as v', (j) =>
      j.onRef('v.component_id', '=', 'c.id').onRef('v.version', '=', 'c.latest_version'),
    )
    .select(['v.id'])
    .where('c.purl_type', '=', type)
    .where('c.purl_name', '=', key)
    .execute()
  const ids = rows.map((r) => r.id)
  const reader = new SqlDependencyReader(storage)
  const [declared, features] = await Promise.all([reader.ofVersions(ids, walk.scopes), reader.featuresOf(ids)])
  const out = new Set<string>()
  for (const id of ids) {
    // as an input is asked: no extra, the crate's default features
    const asked = new Set(walk.input?.(key, undefined).asks ?? [])
    const deps = declared.get(id) ?? []
    for (const { dep } of walk.follow ? walk.follow(deps, asked, features.get(id)) : deps.map((dep) => ({ dep }))) {
      const target = walk.target(dep.name, dep.requirement)
      if (target) out.add(type === 'maven' || type === 'golang' ? dep.name : target.purlName)
    }
  }
  return [...out].sort()
}

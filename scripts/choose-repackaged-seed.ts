// Chooses the Python distributions, crates and Go modules the seed starts from (data/README.md "The seed KB"), from
// Debian's indexes of the suite (its Packages, Sources and Contents indexes, through apt with compintel's own
// configuration) and the FIXTURE lock files of the coverage bench, and writes data/seed-<ecosystem>-packages.txt for
// each --ecosystem asked (one name a line, then a tab and why it was chosen). A name is chosen when it is
//   (a) a distribution, crate or module a package of data/seed-debian-packages.txt holds;
//   (b) one of the --top most depended-on of the suite: its packages (python3-*, librust-*-dev, golang-*-dev and any
//       other that holds one) ranked by how many binary packages of the suite depend on them (Depends and
//       Pre-Depends, any alternative; a virtual package counted for its first provider), what they hold taken in
//       that order until --top of each ecosystem are chosen;
//   (c) a component of a lock file under test/fixtures/lockfiles/ (any scope) that a package of the suite holds.
// Their dependency closure is not listed: scripts/add-repackaged-to-seed.ts follows it from what it ingests. Maven
// artifacts are chosen by hand (data/seed-maven-packages.txt says how).
//   node --import ./bin/register-ts.js scripts/choose-repackaged-seed.ts [--suite bookworm] [--top 150]
//     [--ecosystem pypi,cargo,golang] [--apt-dir DIR]
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { readProjectFileAt } from '../src/cli/project-file-input.ts'
import { loadConfig } from '../src/config/config.ts'
import { SEED_DIR } from '../src/config/seed-dir.ts'
import { parseDebianRelations } from '../src/domain/dependencies/debian-relations.ts'
import { crateKey, parsePurl, pep503, purlName } from '../src/domain/shared/purl.ts'
import type { RepackagedEntry } from '../src/sources/debian/contents.ts'
import { debianArchive } from '../src/sources/debian/debian-units.ts'
import { newestRecord } from '../src/sources/debian/map-debian.ts'
import { parseIndexes } from '../src/sources/debian/suite-indexes.ts'

/** The repackaged ecosystems this script chooses for (Maven's list is chosen by hand). */
type Ecosystem = Exclude<RepackagedEntry['ecosystem'], 'maven'>
const ECOSYSTEMS: Record<Ecosystem, string> = { pypi: 'Python distributions', cargo: 'crates', golang: 'Go modules' }
const DATA = path.dirname(SEED_DIR)
const LOCKFILES = path.join(DATA, '..', 'test', 'fixtures', 'lockfiles')
const { values } = parseArgs({
  options: {
    suite: { type: 'string', default: 'bookworm' },
    top: { type: 'string', default: '150' },
    ecosystem: { type: 'string', default: 'pypi,cargo,golang' },
    'apt-dir': { type: 'string' },
  },
})
const asked = values.ecosystem.split(',').map((e) => e.trim())
for (const e of asked)
  if (!(e in ECOSYSTEMS)) throw new Error(`--ecosystem: not one of ${Object.keys(ECOSYSTEMS)}: ${e}`)
const ecosystems = asked as Ecosystem[]
const top = Number(values.top)
if (!Number.isInteger(top) || top < 0) throw new Error(`--top: not a count: ${values.top}`)
const log = (line: string) => console.error(line)

const debian = loadConfig().growth.debian
const archive = debianArchive({ ...debian, aptDir: values['apt-dir'] ?? debian.aptDir, suites: [values.suite] })
const t = Date.now()
await archive.update()
const indexes = await parseIndexes(archive)
log(`${values.suite}: ${indexes.packages.size} packages read in ${((Date.now() - t) / 1000).toFixed(0)} s`)

const keyOf = (ecosystem: Ecosystem, name: string) =>
  ecosystem === 'pypi' ? pep503(name) : ecosystem === 'cargo' ? crateKey(name) : purlName({ type: ecosystem, name })
/** What each package holds (name as the path spells it, one per key). */
const held = new Map<string, Map<string, RepackagedEntry>>()
for (const e of indexes.repackaged.entries()) {
  if (e.ecosystem === 'maven' || !ecosystems.includes(e.ecosystem)) continue
  const m = held.get(e.package) ?? new Map<string, RepackagedEntry>()
  const k = `${e.ecosystem}:${keyOf(e.ecosystem, e.name)}`
  if (!m.has(k)) m.set(k, e)
  held.set(e.package, m)
}

/** The chosen names of each ecosystem, by key, with why. */
const chosen: Record<Ecosystem, Map<string, { name: string; why: string }>> = {
  pypi: new Map(),
  cargo: new Map(),
  golang: new Map(),
}
const choose = (e: RepackagedEntry, why: string) => {
  if (e.ecosystem === 'maven' || !ecosystems.includes(e.ecosystem)) return
  const k = keyOf(e.ecosystem, e.name)
  if (!chosen[e.ecosystem].has(k)) chosen[e.ecosystem].set(k, { name: e.ecosystem === 'pypi' ? k : e.name, why })
}
const counts = () => ecosystems.map((e) => `${chosen[e].size} ${ECOSYSTEMS[e]}`).join(', ')

// (a) what the seeded Debian packages hold
const seeded = readFileSync(path.join(DATA, 'seed-debian-packages.txt'), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l !== '' && !l.startsWith('#'))
for (const pkg of seeded) for (const e of held.get(pkg)?.values() ?? []) choose(e, `seeded Debian package ${pkg}`)
log(`(a) the seeded Debian packages hold ${counts()}`)

// (b) the most depended-on: reverse dependencies of each package that holds a distribution or crate
const dependents = new Map<string, Set<string>>()
for (const [name, records] of indexes.packages) {
  const r = newestRecord(records)
  for (const alts of parseDebianRelations(`${r.preDepends}, ${r.depends}`))
    for (const alt of alts) {
      const target = indexes.packages.has(alt.name) ? alt.name : (indexes.providers.get(alt.name) ?? alt.name)
      if (target === name || !held.has(target)) continue
      const s = dependents.get(target) ?? new Set<string>()
      s.add(name)
      dependents.set(target, s)
    }
}
const ranked = [...held.keys()]
  .map((pkg) => ({ pkg, n: dependents.get(pkg)?.size ?? 0 }))
  .sort((a, b) => b.n - a.n || a.pkg.localeCompare(b.pkg))
for (const ecosystem of ecosystems) {
  const taken = new Set<string>()
  for (const { pkg, n } of ranked)
    for (const e of held.get(pkg)?.values() ?? []) {
      if (e.ecosystem !== ecosystem || taken.size >= top) continue
      taken.add(keyOf(ecosystem, e.name))
      choose(e, `${pkg}: ${n} packages depend on it`)
    }
}
log(`(b) with the ${top} most depended-on of each: ${counts()}`)

// (c) the lock files' components that the suite holds
for (const file of filesUnder(LOCKFILES)) {
  const read = readProjectFileAt(file)
  if (!read) continue
  for (const c of read.components) {
    const p = parsePurl(c.purl)
    if (!ecosystems.includes(p.type as Ecosystem)) continue
    // a module path as written (case-sensitive); the others by their lookup key
    const name = p.type === 'golang' ? [p.namespace, p.name].filter(Boolean).join('/') : purlName(p)
    const found = indexes.repackaged.find(p.type as Ecosystem, name)[0]
    if (found) choose(found, `FIXTURE lock file ${path.relative(LOCKFILES, file)}`)
  }
}
log(`(c) with the lock files' components: ${counts()}`)

for (const ecosystem of ecosystems) {
  const what = ECOSYSTEMS[ecosystem]
  const file = path.join(DATA, `seed-${ecosystem}-packages.txt`)
  const head = [
    `# The ${what} the seed starts from (with their runtime dependency closure), chosen from Debian ${values.suite}'s`,
    `# indexes of ${new Date().toISOString().slice(0, 10)} by scripts/choose-repackaged-seed.ts --top ${top} (data/README.md).`,
    '# One name a line; after the tab, why it was chosen.',
  ]
  const lines = [...chosen[ecosystem].values()].map((c) => `${c.name}\t${c.why}`)
  writeFileSync(file, `${[...head, ...lines].join('\n')}\n`)
  log(`${file}: ${lines.length} names`)
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((n) => {
      const p = path.join(dir, n)
      return statSync(p).isDirectory() ? filesUnder(p) : [p]
    })
}

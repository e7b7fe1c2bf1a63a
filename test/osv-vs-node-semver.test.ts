// Property test: for every npm advisory shipped in data/sources that keeps its source's own npm range (Node.js
// Security WG `vulnerable_versions` / `vulnerable`, Retire.js `retire_ranges`), compare compintel's OSV evaluation
// of the written events with node-semver's `satisfies` on the original range, at release versions around every
// bound. Pre-releases are left out: OSV orders them by SemVer precedence, npm ranges exclude them by rule.
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { test } from 'node:test'
import { gunzipSync } from 'node:zlib'
import semver from 'semver'
import { semverScheme } from '../src/domain/shared/versions/index.ts'
import { isAffected, type OsvRange } from '../src/domain/vulnerabilities/osv-match.ts'

const DIR = new URL('../data/sources/advisories/', import.meta.url)
const FILES = ['nodejs-security-wg.osv.ndjson.gz', 'nodejs-security-wg-core.osv.ndjson.gz', 'retirejs.osv.ndjson.gz']

type Retire = { atOrAbove?: string; above?: string; below?: string; atOrBelow?: string }

/** The source's own range as a node-semver range, when it kept one. */
function originalRange(db: Record<string, unknown> | undefined): string | undefined {
  if (!db) return undefined
  if (typeof db.vulnerable_versions === 'string') return db.vulnerable_versions
  if (typeof db.vulnerable === 'string') return db.vulnerable
  if (Array.isArray(db.retire_ranges)) {
    const bounds = (db.retire_ranges as Retire[]).flatMap((r) => Object.values(r))
    // Retire.js bounds that are not semver (`3.0.RC3`, `1.01`) were not convertible (data/sources/README.md)
    if (bounds.some((b) => b !== '0' && semver.valid(b) === null)) return undefined
    return (db.retire_ranges as Retire[])
      .map((r) =>
        [
          r.atOrAbove && `>=${r.atOrAbove}`,
          r.above && `>${r.above}`,
          r.below && `<${r.below}`,
          r.atOrBelow && `<=${r.atOrBelow}`,
        ]
          .filter(Boolean)
          .join(' '),
      )
      .map((r) => r || '*')
      .join(' || ')
  }
  return undefined
}

function patchedRange(db: Record<string, unknown> | undefined): string | undefined {
  const p = db?.patched
  return typeof p === 'string' && semver.validRange(p, { loose: true }) !== null ? p : undefined
}

/** Release versions at, just below and just above each bound, and far away. */
function probes(ranges: OsvRange[]): string[] {
  const out = new Set(['0.0.1', '99.0.0'])
  for (const r of ranges)
    for (const e of r.events)
      for (const v of Object.values(e)) {
        const c = semver.coerce(v)
        if (!c || v === '0') continue
        out.add(c.version)
        out.add(semver.inc(c, 'patch') as string)
        out.add(semver.inc(c, 'minor') as string)
        out.add(semver.inc(c, 'major') as string)
        if (c.patch > 0) out.add(`${c.major}.${c.minor}.${c.patch - 1}`)
      }
  return [...out]
}

test('npm advisories: OSV evaluation agrees with node-semver on the original ranges', () => {
  const files = readdirSync(DIR).filter((f) => FILES.includes(f))
  assert.deepEqual(files.sort(), [...FILES].sort(), 'the shipped npm advisory files are all there')
  let checked = 0
  let records = 0
  const mismatches: string[] = []
  for (const f of files) {
    const lines = gunzipSync(readFileSync(new URL(f, DIR)))
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
    for (const line of lines) {
      const rec = JSON.parse(line) as {
        id: string
        affected: { ranges?: OsvRange[]; versions?: string[]; database_specific?: Record<string, unknown> }[]
      }
      for (const a of rec.affected) {
        const range = originalRange(a.database_specific)
        if (!range || semver.validRange(range, { loose: true }) === null) continue
        // Node.js core records also list patched versions; the written events exclude them from the range
        const patched = patchedRange(a.database_specific)
        records++
        for (const v of probes(a.ranges ?? [])) {
          checked++
          const ours = isAffected(v, a, semverScheme)
          const npm =
            semver.satisfies(v, range, { loose: true }) && !(patched && semver.satisfies(v, patched, { loose: true }))
          if (ours !== npm) mismatches.push(`${rec.id} ${range} @${v}: osv ${ours}, node-semver ${npm}`)
        }
      }
    }
  }
  assert.ok(records > 900, `${records} records with an original range`)
  assert.ok(checked > 10_000, `${checked} versions checked`)
  assert.deepEqual(mismatches.slice(0, 20), [])
})

// The folder-hash scan names a package only on evidence of the same content (docs/folder-hashing.md "Evidence"),
// end to end: the FIXTURE packages fixture-hfh (three versions), fixture-hfh-twin and fixture-hfh-other are ingested
// through the real analyzers; folders are built from their real tarballs, hashed with the client algorithm and
// scanned through POST /v2/scanning/hfh/scan with the clients' defaults.
import assert from 'node:assert/strict'
import { appendFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { hfhRequestFor, installFixture, scanHfh } from './helpers/hfh-scan.ts'
import { type IngestedFixtures, ingestedFixtures } from './helpers/ingested-fixtures.ts'

const work = mkdtempSync(path.join(tmpdir(), 'compintel-hfh-evidence-'))
let f: IngestedFixtures

before(async () => {
  f = await ingestedFixtures(['fixture-hfh', 'fixture-hfh-twin', 'fixture-hfh-other'])
})
after(async () => {
  await f.close()
  rmSync(work, { recursive: true, force: true })
})

const install = (dir: string, name: string, version: string) => installFixture(f.reg, dir, name, version)
const scan = async (dir: string, depth = 1) => scanHfh(f.t, await hfhRequestFor(dir, depth))
const named = (r: Awaited<ReturnType<typeof scan>>) =>
  r.results.map((x) => `${x.path_id}: ${x.components.map((c) => `${c.purl}@${c.versions[0]?.version}`).join(', ')}`)

/**
 * A package the KB lacks, laid out as fixture-hfh 1.0.0 (the same file names in the same folders: index, lib/,
 * LICENSE, README, package, test/) with its own code in every file except those listed in `keep` (boilerplate it
 * shares byte for byte with fixture-hfh).
 */
async function lookalike(dir: string, keep: readonly string[] = []): Promise<string> {
  const to = await install(dir, 'fixture-hfh', '1.0.0')
  for (const rel of readdirSync(to, { recursive: true, withFileTypes: true })) {
    if (!rel.isFile()) continue
    const file = path.join(rel.parentPath, rel.name)
    const name = path.relative(to, file).split(path.sep).join('/')
    if (keep.includes(name)) continue
    const code = `'use strict'\n// lookalike: ${name}\nmodule.exports = function ${name.replace(/\W/g, '_')}() {\n  return ${JSON.stringify(name)}\n}\n`
    writeFileSync(file, name === 'package.json' ? '{ "name": "lookalike", "version": "0.1.0" }\n' : code)
  }
  return to
}

test('a package the KB lacks that has the file names of a KB package, not its contents: no result', async () => {
  assert.deepEqual(named(await scan(await lookalike(path.join(work, 'names')))), [])
})

test('… nor when it also shares its boilerplate files (LICENSE, README, a test) byte for byte', async () => {
  const dir = await lookalike(path.join(work, 'boilerplate'), ['LICENSE', 'README.md', 'test/parse.test.js'])
  assert.deepEqual(named(await scan(dir)), [])
})

test('a project at depth 3: the known package is named, the look-alike beside it is not', async () => {
  const project = path.join(work, 'project')
  await install(project, 'fixture-hfh-other', '3.0.0')
  await lookalike(path.join(project, 'vendor'))
  // node_modules holds only that package: it ties with the package's folder and, first in request order, wins
  assert.deepEqual(named(await scan(project, 3)), ['node_modules: pkg:npm/fixture-hfh-other@3.0.0'])
})

test('a known package nested in another package still matches, that version first', async () => {
  const project = path.join(work, 'nested')
  const outer = await install(project, 'fixture-hfh-other', '3.0.0')
  await install(outer, 'fixture-hfh', '1.1.0')
  const r = await scan(project, 5)
  // at the nested node_modules, which holds only that package (as the folder of the package itself would be)
  const at = r.results.find((x) => x.path_id === 'node_modules/fixture-hfh-other/node_modules')
  assert.equal(at?.components[0]?.purl, 'pkg:npm/fixture-hfh', JSON.stringify(r.results))
  assert.equal(at?.components[0]?.versions[0]?.version, '1.1.0')
  assert.ok((at?.components[0]?.versions[0]?.score ?? 0) >= 0.8)
  for (const x of r.results) for (const c of x.components) assert.match(c.purl, /^pkg:npm\/fixture-hfh(-other)?$/)
})

test('a known version with two of its files changed still matches, that version first', async () => {
  const dir = await install(path.join(work, 'changed'), 'fixture-hfh', '2.0.0')
  appendFileSync(path.join(dir, 'src', 'parse.js'), '// patched locally\n')
  appendFileSync(path.join(dir, 'README.md'), '\nPatched.\n')
  const r = await scan(dir)
  const best = r.results.find((x) => x.path_id === '.')?.components[0]
  assert.equal(best?.purl, 'pkg:npm/fixture-hfh', JSON.stringify(r.results))
  assert.equal(best?.versions[0]?.version, '2.0.0')
  const score = best?.versions[0]?.score ?? 0
  assert.ok(score > 0.15 && score < 1, String(score))
})

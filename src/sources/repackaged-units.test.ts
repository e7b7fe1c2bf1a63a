// The runner and refresh of the sources learned from a configured registry else from Debian's packages (Cargo, Go,
// Maven): options refused, the configured registry's report, its answers sent back to Debian's packages (read over
// the FIXTURE repository test/fixtures/debian/repo through apt), a package neither has, and `update`'s tally. The
// source below is a FIXTURE whose two ways of learning record what they are handed; the real ones: the on-demand
// suites (test/on-demand-cargo.test.ts, on-demand-golang*.test.ts, on-demand-maven*.test.ts).
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, describe, test } from 'node:test'
import { debianRepoEnv } from '../../test/helpers/debian-repo-app.ts'
import { parseConfig } from '../config/config.ts'
import type { UnitOptions } from '../domain/kb/ingest-queue.ts'
import type { Analyzer } from '../ingest/analyzers/types.ts'
import { PermanentError } from '../ingest/failure.ts'
import { PackageNotFound } from './npm/registry.ts'
import { type Repackaged, type RepackagedReport, repackagedRefresh, repackagedRunner } from './repackaged-units.ts'
import type { RunnerDeps } from './source.ts'

class SentBack extends Error {}

const KNOWN: UnitOptions = {
  versions: 'all',
  analyze: 'asked',
  asked: ['1.0'],
  withDependencies: false,
  phase: 'known',
}
const ANALYSIS: UnitOptions = { ...KNOWN, phase: 'analysis' }
const ANALYZERS = [{ name: 'fixture', version: '1' }] as unknown as readonly Analyzer<unknown>[]

/** FIXTURE: a source whose registry has `lib` (and sends `sent-back` to Debian), whose Debian packages have `deb`. */
function fixtureSource(client: string | undefined) {
  const handed: { from: 'configured' | 'debian'; name: string; asked: string[]; analyzers: boolean; max: number }[] = []
  let suites: string[] = []
  const u: Repackaged<string, RegistryReport> = {
    source: 'fixture',
    configured: () => () => client,
    fromConfigured: async (_client, w) => {
      handed.push({
        from: 'configured',
        name: w.name,
        asked: w.asked,
        analyzers: !!w.analyzers,
        max: w.maxUnpackedBytes,
      })
      if (w.name === 'sent-back') throw new SentBack('not here')
      if (w.name === 'broken') throw new Error('a corrupt archive')
      if (w.name !== 'lib') throw new PackageNotFound(w.name)
      return { changed: true, dependencies: ['dep'], versions: 3, read: 2, analyzed: w.analyzers ? 1 : 0, jars: 1 }
    },
    fallsBack: (err) => err instanceof SentBack,
    moreFacts: (r) => ({ jars: r.jars }),
    fromDebian: async (_archive, indexes, w): Promise<RepackagedReport> => {
      handed.push({ from: 'debian', name: w.name, asked: w.asked, analyzers: !!w.analyzers, max: w.maxUnpackedBytes })
      suites = [...indexes.dates.keys()]
      const none = { versions: 0, analyzed: 0, refused: [], dependencies: [] }
      if (w.name === 'sent-back') return { ...none, notFound: true }
      return { notFound: false, versions: 2, analyzed: 0, refused: ['x 1: too large'], dependencies: [] }
    },
  }
  return { u, handed, suites: () => suites }
}

interface RegistryReport {
  changed: boolean
  dependencies: string[]
  versions: number
  read: number
  analyzed: number
  jars: number
}

const dir = mkdtempSync(path.join(tmpdir(), 'ci-repackaged-apt-'))
after(() => rmSync(dir, { recursive: true, force: true }))
const growth = parseConfig(debianRepoEnv(dir)).growth
const deps = {
  growth,
  writer: {},
  advisories: {},
  origins: {},
  analyzers: ANALYZERS,
  registry: {},
} as unknown as RunnerDeps

describe('units learned from a configured registry, else from Debian', () => {
  test('options naming some versions only are refused, whatever the registry', async () => {
    const run = repackagedRunner(deps, fixtureSource('client').u)
    await assert.rejects(
      run({ name: 'lib', options: { ...KNOWN, versions: 'latest' } }),
      (err) =>
        err instanceof PermanentError && /a fixture unit reads every version, not latest\/asked/.test(err.message),
    )
    await assert.rejects(run({ name: 'lib', options: { ...KNOWN, analyze: 'none' } }), PermanentError)
  })

  test('the configured registry: the asked versions, the analyzers in the analysis phase only, its facts', async () => {
    const f = fixtureSource('client')
    const run = repackagedRunner(deps, f.u)
    const known = await run({ name: 'lib', options: KNOWN })
    assert.deepEqual(known, {
      changed: true,
      dependencies: ['dep'],
      facts: { versions: 3, read: 2, analyzed: 0, jars: 1 },
    })
    await run({ name: 'lib', options: ANALYSIS, maxUnpackedBytes: 1000 })
    assert.deepEqual(f.handed, [
      { from: 'configured', name: 'lib', asked: ['1.0'], analyzers: false, max: 512 * 1024 * 1024 },
      { from: 'configured', name: 'lib', asked: ['1.0'], analyzers: true, max: 1000 },
    ])
    // not the registry's, and not sent back: not found, Debian not read
    await assert.rejects(run({ name: 'gone', options: KNOWN }), PackageNotFound)
    await assert.rejects(run({ name: 'broken', options: KNOWN }), /a corrupt archive/)
    assert.equal(f.handed.filter((h) => h.from === 'debian').length, 0)
  })

  test("an answer sent back, or no registry: Debian's packages over the suites' indexes; none there: not found", async () => {
    const f = fixtureSource('client')
    const run = repackagedRunner(deps, f.u)
    await assert.rejects(run({ name: 'sent-back', options: ANALYSIS }), PackageNotFound)
    assert.deepEqual(
      f.handed.map((h) => h.from),
      ['configured', 'debian'],
    )
    assert.deepEqual(f.suites(), ['bookworm'], "the FIXTURE repository's suite, read through apt")
    const none = fixtureSource(undefined)
    const done = await repackagedRunner(deps, none.u)({ name: 'deb', options: ANALYSIS })
    assert.deepEqual(done, { changed: true, dependencies: [], facts: { versions: 2, analyzed: 0, refused: 1 } })
    assert.deepEqual(none.handed, [
      { from: 'debian', name: 'deb', asked: ['1.0'], analyzers: true, max: 512 * 1024 * 1024 },
    ])
  })

  test('a unit aborted before it starts reads nothing', async () => {
    const f = fixtureSource('client')
    const signal = AbortSignal.abort(new Error('the worker is stopping'))
    await assert.rejects(repackagedRunner(deps, f.u)({ name: 'lib', options: KNOWN, signal }), /the worker is stopping/)
    assert.deepEqual(f.handed, [])
  })
})

describe("update's refresh of such a source", () => {
  const d = { growth, writer: {} as RunnerDeps['writer'], registry: {}, now: () => '2026-11-28T00:00:00Z' }

  test('no registry configured: not enabled, nothing read', async () => {
    const f = fixtureSource(undefined)
    const refresh = repackagedRefresh(f.u, 'fixture-registry')
    assert.equal(refresh.enabled?.(growth), false)
    assert.deepEqual(await refresh.run(['lib'], d), { changed: 0, notFound: [], failed: [] })
    assert.deepEqual(f.handed, [])
  })

  test('each name read again (no asked versions, no analyzers); not found, sent back and failed ones told apart', async () => {
    const f = fixtureSource('client')
    const refresh = repackagedRefresh(f.u, 'fixture-registry')
    assert.equal(refresh.enabled?.(growth), true)
    assert.equal(refresh.purlType, 'fixture')
    assert.deepEqual(await refresh.run(['lib', 'gone', 'sent-back', 'broken'], d), {
      changed: 1,
      notFound: ['gone'],
      failed: ['broken'],
    })
    assert.deepEqual(
      f.handed.map((h) => [h.name, h.asked, h.analyzers]),
      [
        ['lib', [], false],
        ['gone', [], false],
        ['sent-back', [], false],
        ['broken', [], false],
      ],
    )
  })
})

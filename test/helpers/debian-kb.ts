// Debian ingestion in tests (test/ingest-debian.test.ts offline, test/ingest-debian-archive.test.ts against the real
// archive): ingestDebian through a private apt folder into an in-memory KB with an app, and what the tests read back
// from the KB and the app.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { AptArchive, type AptArchiveOptions } from '../../src/sources/debian/apt.ts'
import {
  type DebianIngestOptions,
  type DebianIngestReport,
  ingestDebian,
} from '../../src/sources/debian/ingest-debian.ts'
import { SqlAdvisoryWriter } from '../../src/storage/advisory-writer.ts'
import { SqlOriginWriter } from '../../src/storage/geo-store.ts'
import { SqlKbWriter } from '../../src/storage/kb-writer.ts'
import { makeTestApp, type TestApp } from './app.ts'

export interface DebianRun {
  t: TestApp
  report: DebianIngestReport
  close(): Promise<void>
}

/** A fresh KB and app, and ingestDebian into them through apt in a temporary private folder (`close` removes both). */
export async function ingestDebianInto(
  aptOptions: Omit<AptArchiveOptions, 'dir'>,
  names: string[],
  more: Partial<DebianIngestOptions> = {},
): Promise<DebianRun> {
  const t = await makeTestApp()
  const dir = mkdtempSync(path.join(tmpdir(), 'compintel-apt-'))
  const close = async () => {
    await t.close()
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    const report = await ingestDebian({
      archive: new AptArchive({ ...aptOptions, dir }),
      writer: new SqlKbWriter(t.storage),
      advisories: new SqlAdvisoryWriter(t.storage),
      origins: new SqlOriginWriter(t.storage.db),
      names,
      withDependencies: false,
      analyze: 'latest',
      update: true,
      now: () => new Date().toISOString(),
      log: () => {},
      ...more,
    })
    return { t, report, close }
  } catch (err) {
    await close()
    throw err
  }
}

/** A package's versions in the order they were written (ingestion writes them in Debian's order). */
export function versions(t: TestApp, name: string) {
  return t.storage.db
    .selectFrom('versions')
    .innerJoin('components', 'components.id', 'versions.component_id')
    .select(['versions.id', 'version', 'released_at', 'license_expression', 'versions.status_raw', 'integrity'])
    .where('components.purl', '=', `pkg:deb/debian/${name}`)
    .orderBy('versions.id')
    .execute()
}

/** The analyses the KB holds for a component (any source's purl): each version's analyzers, with its status. */
export function analysesOf(t: TestApp, purl: string) {
  return t.storage.db
    .selectFrom('components')
    .where('purl', '=', purl)
    .innerJoin('versions', 'versions.component_id', 'components.id')
    .innerJoin('analyses', 'analyses.version_id', 'versions.id')
    .select(['version', 'analyzer', 'versions.status_raw'])
    .execute()
}

export async function dependencies(t: TestApp, name: string, version: string) {
  const v = (await versions(t, name)).find((x) => x.version === version)
  assert.ok(v, `${name} ${version} is in the KB`)
  const rows = await t.storage.db
    .selectFrom('version_dependencies')
    .selectAll()
    .where('version_id', '=', v.id)
    .execute()
  return rows.map((r) => [r.scope, r.name, r.requirement]).sort()
}

/** Advisory ids naming a binary package, with the version their range says fixed it. */
export async function advisories(t: TestApp) {
  const rows = await t.storage.db
    .selectFrom('advisories')
    .innerJoin('advisory_packages', 'advisory_packages.advisory_id', 'advisories.id')
    .select(['id', 'source', 'purl_name', 'ranges'])
    .execute()
  return rows.map((r) => ({ ...r, fixed: JSON.parse(r.ranges)[0].events[1].fixed as string }))
}

/** The answer to a POST of these components, 200 asserted: the whole body. */
export async function reply(t: TestApp, url: string, components: { purl: string; requirement?: string }[]) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'x-api-key': t.keys.full },
    payload: { components },
  })
  assert.equal(res.statusCode, 200, res.body)
  return res.json()
}

/** The answer to a POST of these components: its components' answers. */
export async function post(t: TestApp, url: string, components: { purl: string; requirement?: string }[]) {
  const body = await reply(t, url, components)
  return (body.components ?? body.component_statistics) as Answer[]
}

/**
 * The request `scanoss-py scan --dependencies` sends for one manifest (docs/reference: one POST per manifest file,
 * depth 1, the requirement dropped when it repeats the purl's version), and the file's dependencies answered.
 */
export async function manifestDependencies(
  t: TestApp,
  file: string,
  purls: { purl: string; requirement?: string }[],
): Promise<{ purl: string; version: string; licenses: { spdx_id: string }[] }[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/dependencies/dependencies',
    headers: { 'x-api-key': t.keys.full },
    payload: { files: [{ file, purls }], depth: 1 },
  })
  assert.equal(res.statusCode, 200, res.body)
  const [answered] = res.json().files
  assert.equal(answered.file, file)
  return answered.dependencies
}

/** The fields of the answers the Debian tests read. */
export interface Answer {
  version: string
  info_code?: string
  statement?: string
  licenses?: { id: string }[]
  vulnerabilities?: { cve: string; source: string; fixed_versions: string[] }[]
}

export function cves(c: Answer | undefined): string[] {
  assert.ok(c?.vulnerabilities, JSON.stringify(c))
  return c.vulnerabilities.map((v) => `${v.cve} ${v.source}`).sort()
}

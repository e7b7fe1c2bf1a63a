// FIXTURE DATA, for tests only (never shipped): the packages the recorded scanoss-js / scanoss-py requests name
// (test/fixtures/client-captures/v2-requests.json), so their replays can be checked field by field. Versions, dates,
// licenses and statistics are made up (plausible, not the registries' real values) and written through the real
// ingestion mapping and writer; load kb-fixture.ts first. Other purls of the captures (pkg:github/other/thing, every
// pypi and deb purl) are deliberately absent.

import type { ComponentFacts, VersionAnalysis, VersionFacts } from '../../src/domain/kb/types.ts'
import { type IssueAnalysis, SEMGREP_ANALYZER } from '../../src/domain/semgrep/types.ts'
import { mapPackument } from '../../src/sources/npm/map-packument.ts'
import type { Manifest, Packument } from '../../src/sources/npm/registry.ts'
import type { Storage } from '../../src/storage/database.ts'
import { SqlKbWriter } from '../../src/storage/kb-writer.ts'
import { refreshPopularity } from '../../src/storage/popularity.ts'
import { FIXTURE_AS_OF } from './kb-fixture.ts'

/** A packument; a version dated null has no release date. */
function packument(name: string, latest: string, versions: Record<string, string | null>, license = 'MIT'): Packument {
  const time: Record<string, string> = { created: '2012-01-01T00:00:00.000Z', modified: '2025-06-01T00:00:00.000Z' }
  const manifests: Record<string, Manifest> = {}
  for (const [version, date] of Object.entries(versions)) {
    manifests[version] = { name, version, license }
    if (date) time[version] = date
  }
  return { name, 'dist-tags': { latest }, versions: manifests, time } as Packument
}

export const CAPTURES_PACKUMENTS: Packument[] = [
  packument('lodash', '4.17.21', {
    '3.10.1': '2015-08-04T00:00:00.000Z',
    '4.17.20': '2020-08-13T00:00:00.000Z',
    '4.17.21': '2021-02-20T00:00:00.000Z',
  }),
  // 15.2.10 is a backport released after 16.0.0: newest first by date is not highest first
  packument('@angular/core', '16.0.0', {
    '15.0.0': '2022-11-16T00:00:00.000Z',
    '15.2.9': '2023-05-03T00:00:00.000Z',
    '16.0.0': '2023-05-03T12:00:00.000Z',
    '15.2.10': '2023-09-13T00:00:00.000Z',
  }),
  packument('mocha', '10.3.0', { '10.2.0': '2022-12-11T00:00:00.000Z', '10.3.0': '2024-02-08T00:00:00.000Z' }),
]

/** pkg:github/scanoss/scanner.c: 1.1.1 is a backport dated after 2.0.0; 0.9.0 has no date. */
export const SCANNER_VERSIONS: Record<string, string | null> = {
  '0.9.0': null,
  '1.0.0': '2020-01-10T00:00:00.000Z',
  '1.1.0': '2020-06-01T00:00:00.000Z',
  '2.0.0': '2021-03-01T00:00:00.000Z',
  '1.1.1': '2021-05-01T00:00:00.000Z',
}

/** A GitHub repository: mapped like a packument (same version facts), then given its GitHub identity. */
function scanner(): { component: ComponentFacts; versions: VersionFacts[] } {
  const { component, versions } = mapPackument(
    'scanner.c',
    packument('scanner.c', '2.0.0', SCANNER_VERSIONS, 'GPL-2.0-only'),
    FIXTURE_AS_OF,
  )
  const url = 'https://github.com/scanoss/scanner.c'
  return {
    component: {
      ...component,
      purl: 'pkg:github/scanoss/scanner.c',
      purlType: 'github',
      namespace: 'scanoss',
      purlName: 'scanoss/scanner.c',
      projectUrl: url,
      repositoryUrl: url,
      source: 'fixture',
    },
    versions: versions.map((v) => ({ ...v, source: 'fixture' })),
  }
}

function codeStats(version: string, stats: Record<string, unknown>): VersionAnalysis {
  return {
    version,
    asOf: FIXTURE_AS_OF,
    files: [],
    outputs: [{ analyzer: 'code-stats', analyzerVersion: '1', output: stats }],
    detectedLicenses: [],
  }
}

/** The code statistics the fixture holds (the statistics capture asks for lodash 4.17.21 and scanner.c's highest). */
export const CAPTURES_STATISTICS = {
  lodash: {
    total_source_files: 640,
    total_lines: 54_321,
    total_blank_lines: 4_321,
    languages: [{ name: 'JavaScript', files: 640 }],
  },
  scanner: {
    total_source_files: 80,
    total_lines: 20_000,
    total_blank_lines: 2_500,
    languages: [
      { name: 'C', files: 60 },
      { name: 'C Header', files: 20 },
    ],
  },
}

/** The static-analysis issues the fixture holds for lodash 4.17.21 (the semgrep capture asks for it); made up. */
export const CAPTURES_ISSUES: IssueAnalysis = {
  ruleset: 'v1.0.0',
  files: [
    {
      path: 'template.js',
      md5: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
      issues: [{ rule: 'semgrep.javascript.function-constructor-dynamic', from: 190, to: 191, severity: 'ERROR' }],
    },
  ],
}

/** Writes these packages into a migrated storage that already holds kb-fixture.ts. */
export async function loadCapturesFixtureKb(storage: Storage): Promise<void> {
  const writer = new SqlKbWriter(storage)
  for (const p of CAPTURES_PACKUMENTS) {
    const lodash = codeStats('4.17.21', CAPTURES_STATISTICS.lodash)
    lodash.outputs.push({ analyzer: SEMGREP_ANALYZER, analyzerVersion: '1+v1.0.0', output: CAPTURES_ISSUES })
    const analyses = p.name === 'lodash' ? [lodash] : []
    await writer.writePackage({ ...mapPackument(p.name, p, FIXTURE_AS_OF), analyses })
  }
  await writer.writePackage({ ...scanner(), analyses: [codeStats('2.0.0', CAPTURES_STATISTICS.scanner)] })
  await refreshPopularity(storage.db)
}

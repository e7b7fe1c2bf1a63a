// `compintel ingest <source>` and `compintel update` (the registries' metadata, no feed) run in a test's process on a
// test app's storage, as the CLI runs them: the registry-source suites share this harness.
import type { GrowthConfig } from '../../src/config/growth.ts'
import { DEFAULT_ANALYZERS } from '../../src/ingest/analyzers/index.ts'
import type { IngestArgs, PackageSource } from '../../src/sources/source.ts'
import { SqlAdvisoryWriter } from '../../src/storage/advisory-writer.ts'
import { SqlOriginWriter } from '../../src/storage/geo-store.ts'
import { SqlKbWriter } from '../../src/storage/kb-writer.ts'
import { runUpdate } from '../../src/update/run-update.ts'
import type { TestApp } from './app.ts'

/** `compintel ingest <source> <names…>` with these options; what it answered and the lines it logged. */
export async function runIngest(
  t: TestApp,
  source: PackageSource,
  names: string[],
  values: IngestArgs['values'] = {},
  growth: GrowthConfig = t.config.growth,
) {
  const lines: string[] = []
  const done = await source.ingest.run(
    { names, values },
    {
      growth,
      writer: new SqlKbWriter(t.storage),
      advisories: new SqlAdvisoryWriter(t.storage),
      origins: new SqlOriginWriter(t.storage.db),
      analyzers: DEFAULT_ANALYZERS,
      now: () => new Date().toISOString(),
      shouldStop: () => false,
      log: (l) => lines.push(l),
    },
  )
  return { done, lines }
}

/** `compintel update --metadata`: every configured source's known packages read again. */
export function updateMetadata(t: TestApp, growth: GrowthConfig = t.config.growth) {
  const log = { info: () => {}, warn: () => {} }
  return runUpdate({ storage: t.storage, registry: {}, growth, log }, { metadata: true, feeds: false })
}

// npm as a source (sources/source.ts): package names as the registry allows them, one phase (every version's
// metadata; in `analyze` mode the versions asked analyzed too), units run by ingestPackage through the registry
// client, and `compintel update` re-reading the packuments of the packages the KB knows.
import { npmNameProblem } from '../../domain/kb/ecosystem-rules.ts'
import { serializeUnitOptions } from '../../domain/kb/ingest-queue.ts'
import { purlName } from '../../domain/shared/purl.ts'
import { DEFAULT_ANALYZERS } from '../../ingest/analyzers/index.ts'
import type { PackageSource } from '../source.ts'
import { ingestInThisThread } from './ingest-package.ts'
import { npmRunner } from './npm-units.ts'
import { RegistryClient } from './registry-client.ts'
import { runIngest } from './run-ingest.ts'

export const npmSource: PackageSource = {
  source: 'npm',
  purlTypes: ['npm'],
  // a purl naming another repository (repository_url) is not the configured registry's to answer
  nameOf: (p) => (p.qualifiers?.repository_url ? undefined : purlName(p)),
  // old packages' rules: JSONStream is one
  fetchable: (name) => name.length <= 214 && npmNameProblem(name) === undefined,
  phases: (mode, r) => ({
    known: serializeUnitOptions({
      versions: 'all',
      withDependencies: false,
      ...(mode === 'metadata' ? { analyze: 'none' } : { analyze: 'asked', asked: r.asked }),
    }),
  }),
  runner: (d) => npmRunner(ingestInThisThread(new RegistryClient(d.registry, d.growth.npm), d.writer, d.analyzers)),
  refresh: {
    feed: 'npm-registry',
    purlType: 'npm',
    // every version's metadata, none analyzed; conditional requests through npm's cache (a 304 when unchanged)
    run: async (names, d) => {
      const summary = await runIngest(names, new RegistryClient(d.registry, d.growth.npm), d.writer, {
        versions: 'all',
        analyze: 'none',
        analyzers: DEFAULT_ANALYZERS,
        dryRun: false,
        now: d.now,
        concurrency: 4,
      })
      return { changed: summary.changedPackages, notFound: summary.notFound, failed: summary.failed.map((f) => f.name) }
    },
  },
}

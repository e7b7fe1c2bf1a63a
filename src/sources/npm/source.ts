// npm as a source (sources/source.ts): package names as the registry allows them, learned in two phases in `analyze`
// mode: what makes a package known (every version's metadata from its packument: versions, declared licenses,
// dependencies, deprecations), then the asked versions' tarballs walked (one phase, the metadata, in `metadata` mode);
// units run by ingestPackage through the registry client, and `compintel update` re-reading the packuments of the
// packages the KB knows.
import { npmNameProblem } from '../../domain/kb/ecosystem-rules.ts'
import { serializeUnitOptions } from '../../domain/kb/ingest-queue.ts'
import { purlName } from '../../domain/shared/purl.ts'
import { DEFAULT_ANALYZERS } from '../../ingest/analyzers/index.ts'
import type { PackageSource } from '../source.ts'
import { npmIngest } from './ingest-command.ts'
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
  // the analysis unit keeps every version's metadata too: it may run alone (a known package's missing analysis), and
  // after the known unit its packument is revalidated through the packument cache (a 304)
  phases: (mode, r) => {
    const known = serializeUnitOptions({ versions: 'all', withDependencies: false, analyze: 'none' })
    if (mode === 'metadata') return { known }
    return {
      known,
      analysis: serializeUnitOptions({ versions: 'all', withDependencies: false, analyze: 'asked', asked: r.asked }),
    }
  },
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
  ingest: npmIngest,
}

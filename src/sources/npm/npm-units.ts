// npm units of the ingestion queue: each ingests one package with ingestPackage, the versions kept and analyzed that
// its options select.
import { permanent, type UnitRunner } from '../source.ts'
import type { IngestOne } from './ingest-package.ts'
import { parseSelection } from './select-versions.ts'

/** npm units: the versions kept and analyzed that their options select, through ingestPackage. */
export function npmRunner(ingest: IngestOne): UnitRunner {
  return async ({ name, options: o, ...unit }) => {
    const versions = permanent(() => parseSelection(o.versions, false))
    const analyze = permanent(() =>
      o.analyze === 'asked' ? { asked: o.asked ?? [] } : parseSelection(o.analyze, true),
    )
    const r = await ingest(name, { ...unit, versions, analyze })
    const w = r.report
    const written = w ? w.versionsInserted + w.versionsUpdated + w.analysesWritten : 0
    return {
      changed: !!w && (w.componentChanged || written > 0),
      dependencies: r.latestDependencies,
      facts: {
        versions: r.versions,
        analyzed: r.analyzed,
        ...(r.tooLarge > 0 ? { tooLarge: r.tooLarge } : {}),
        bytes: r.bytes,
        written,
      },
    }
  }
}

// `compintel ingest <source>` for a source whose units do all its work (sources/source.ts IngestCommand): each name
// is learned as on demand would learn it, its `known` unit then its `analysis` unit (the options of the source's own
// `phases`), one name after another, in this process; with --with-dependencies the packages its units name are
// learned too, each once.
import { parseUnitOptions, serializeUnitOptions } from '../domain/kb/ingest-queue.ts'
import { PackageNotFound } from './npm/registry.ts'
import { type IngestCommand, IngestUsageError, type PackageSource, type RunnerDeps } from './source.ts'

/** At most this many packages per run with --with-dependencies (a closure larger than that is cut, and said so). */
const MAX_PACKAGES = 10_000

export function unitIngest(
  source: Pick<PackageSource, 'source' | 'phases' | 'fetchable'>,
  runner: PackageSource['runner'],
): IngestCommand {
  return {
    usage: '<name…> [--from-file F] [--metadata-only] [--with-dependencies] [--skip-analyzer NAME]…',
    options: {
      'metadata-only': { type: 'boolean', default: false },
      'with-dependencies': { type: 'boolean', default: false },
    },
    async run({ names, values }, deps) {
      if (names.length === 0) throw new IngestUsageError('no package names given')
      const refused = names.filter((n) => !source.fetchable(n))
      if (refused.length > 0) throw new IngestUsageError(`not a ${source.source} package name: ${refused.join(', ')}`)
      const runnerDeps: RunnerDeps = { ...deps, registry: {} }
      const run = runner(runnerDeps)
      const mode = values['metadata-only'] === true ? 'metadata' : 'analyze'
      const queue = [...new Set(names)]
      const seen = new Set(queue)
      const tally = { written: 0, notFound: [] as string[], failed: 0, cut: 0 }
      while (queue.length > 0 && !deps.shouldStop()) {
        const name = queue.shift() as string
        const phases = source.phases(mode, { source: source.source, name, asked: [''], need: 'metadata' })
        try {
          let changed = false
          for (const raw of [phases.known, phases.analysis]) {
            if (raw === undefined) continue
            const done = await run({ name, options: parseUnitOptions(raw) })
            changed ||= done.changed
            if (values['with-dependencies'] !== true) continue
            for (const dep of done.dependencies) {
              if (seen.has(dep)) continue
              if (seen.size >= MAX_PACKAGES) {
                tally.cut++
                continue
              }
              seen.add(dep)
              queue.push(dep)
            }
          }
          if (changed) tally.written++
          deps.log(`${source.source}: ${name} ${changed ? 'written' : 'unchanged'}`)
        } catch (err) {
          if (err instanceof PackageNotFound) {
            tally.notFound.push(name)
            continue
          }
          tally.failed++
          deps.log(`failed: ${name}: ${(err as Error).message}`)
        }
      }
      const summary =
        `${source.source}: ${tally.written} packages written; not found: ${tally.notFound.length}` +
        `${tally.notFound.length ? ` (${tally.notFound.slice(0, 10).join(', ')})` : ''}; failed: ${tally.failed}` +
        `${tally.cut ? `; ${tally.cut} dependencies left out (more than ${MAX_PACKAGES} packages)` : ''}` +
        `${queue.length ? `; stopped with ${queue.length} left` : ''}`
      return { summary, changed: tally.written > 0, failed: tally.failed > 0 }
    },
  }
}

/**
 * The phases of a source whose units read every version (Cargo's, Go's, Maven's: repackaged-units.ts): the asked
 * versions travel with both (a registry's known phase reads them, its analysis walks them; a unit over Debian's
 * packages reads and walks every version they ship whatever is asked); `metadata` mode has the known phase only.
 */
export const everyVersionPhases: PackageSource['phases'] = (mode, r) => {
  const o = { versions: 'all', analyze: 'asked', asked: r.asked, withDependencies: false }
  const known = serializeUnitOptions({ ...o, phase: 'known' })
  return mode === 'metadata' ? { known } : { known, analysis: serializeUnitOptions({ ...o, phase: 'analysis' }) }
}

// `compintel ingest debian` (sources/source.ts IngestCommand): Debian binary packages from the archive, through apt
// with compintel's own configuration (docs/debian.md): by name, from a file of names, every package of a priority, or
// every package installed on this machine (its dpkg database, whose versions the suites no longer list are added,
// and whose licenses and changelogs are read from /usr/share/doc); with --enqueue, one unit per name for
// `compintel worker` processes.
import { type IngestArgs, type IngestCommand, IngestUsageError } from '../source.ts'
import { debianArchive } from './debian-units.ts'
import { ingestDebian } from './ingest-debian.ts'
import { readInstalled } from './installed.ts'

const SUITES = new Set(['bookworm', 'trixie'])
const ANALYZE = ['all', 'latest', 'none'] as const

function analyzeOf(values: IngestArgs['values']): (typeof ANALYZE)[number] {
  const analyze = ANALYZE.find((a) => a === values.analyze)
  if (!analyze) throw new IngestUsageError('--analyze: expected all, latest or none')
  return analyze
}

function strings(v: IngestArgs['values'][string]): string[] {
  return Array.isArray(v) ? v : []
}

export const debianIngest: IngestCommand = {
  usage: `<name…> [--from-file F] [--installed] [--priority P]… [--suite bookworm|trixie]…
                          [--with-dependencies] [--analyze all|latest|none] [--skip-analyzer NAME]… [--apt-dir DIR]
                          [--no-update] [--enqueue]`,
  options: {
    suite: { type: 'string', multiple: true },
    installed: { type: 'boolean', default: false },
    priority: { type: 'string', multiple: true, default: [] },
    'with-dependencies': { type: 'boolean', default: false },
    analyze: { type: 'string', default: 'all' },
    'apt-dir': { type: 'string' },
    'no-update': { type: 'boolean', default: false },
  },
  async run({ names, values }, deps) {
    const suites = strings(values.suite)
    const bad = suites.filter((s) => !SUITES.has(s))
    if (bad.length > 0) throw new IngestUsageError(`--suite: ${bad.join(', ')}; expected ${[...SUITES].join(' or ')}`)
    const analyze = analyzeOf(values)
    const priorities = strings(values.priority)
    const installed = values.installed === true ? readInstalled() : undefined
    const all = [...names, ...(installed?.records.map((r) => r.name) ?? [])]
    if (all.length === 0 && priorities.length === 0) throw new IngestUsageError('no package names given')
    // the configuration's apt folder, suites and mirrors (DEBIAN_*; docs/debian.md), as the server's units use them
    const d = deps.growth.debian
    const aptDir = values['apt-dir']
    const archive = debianArchive({
      ...d,
      aptDir: typeof aptDir === 'string' ? aptDir : d.aptDir,
      suites: suites.length > 0 ? suites : d.suites,
    })
    const report = await ingestDebian({
      archive,
      writer: deps.writer,
      advisories: deps.advisories,
      origins: deps.origins,
      names: all,
      priorities,
      ...(installed ? { installed } : {}),
      withDependencies: values['with-dependencies'] === true,
      analyze,
      analyzers: deps.analyzers,
      update: values['no-update'] !== true,
      now: deps.now,
      log: deps.log,
    })
    for (const f of report.failed) deps.log(`failed: ${f.name}: ${f.error}`)
    const summary =
      `debian: ${report.written} packages written, ${report.analyzed} analyzed, ${report.advisories} changelog ` +
      `advisories, ${report.origins} origins; not in the suites: ${report.notFound.length}${report.notFound.length ? ` (${report.notFound.slice(0, 10).join(', ')}…)` : ''}`
    return { summary, changed: report.written > 0, failed: report.failed.length > 0 }
  },
  // the worker's Debian units read the configuration's suites and apt folder, and fetch the indexes themselves
  queued(values) {
    const local = ['installed', 'no-update'].filter((o) => values[o] === true)
    for (const o of ['suite', 'priority', 'apt-dir'])
      if (strings(values[o]).length > 0 || typeof values[o] === 'string') local.push(o)
    if (local.length > 0) return `--${local[0]} cannot be queued`
    return { versions: 'all', analyze: analyzeOf(values), withDependencies: values['with-dependencies'] === true }
  },
}

// `compintel ingest debian`: Debian binary packages from the archive, through apt with compintel's own configuration
// (docs/debian.md): by name, from a file of names, or every package installed on this machine (its dpkg database,
// whose versions the suites no longer list are added, and whose licenses and changelogs are read from /usr/share/doc).
import { parseArgs } from 'node:util'
import type { Config } from '../config/config.ts'
import { DEFAULT_ANALYZERS } from '../ingest/analyzers/index.ts'
import { debianArchive } from '../sources/debian/debian-units.ts'
import { ingestDebian } from '../sources/debian/ingest-debian.ts'
import { readInstalled } from '../sources/debian/installed.ts'
import { SqlAdvisoryWriter } from '../storage/advisory-writer.ts'
import { openStorage } from '../storage/database.ts'
import { SqlOriginWriter } from '../storage/geo-store.ts'
import { SqlKbWriter } from '../storage/kb-writer.ts'
import { migrate } from '../storage/migrate.ts'
import { namesFromFile } from './ingest-npm.ts'
import { INGEST_USAGE } from './ingest-usage.ts'

const SUITES = new Set(['bookworm', 'trixie'])

export async function runIngestDebian(config: Config, argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      suite: { type: 'string', multiple: true },
      'from-file': { type: 'string' },
      installed: { type: 'boolean', default: false },
      priority: { type: 'string', multiple: true, default: [] },
      'with-dependencies': { type: 'boolean', default: false },
      analyze: { type: 'string', default: 'all' },
      'apt-dir': { type: 'string' },
      'no-update': { type: 'boolean', default: false },
      'skip-analyzer': { type: 'string', multiple: true, default: [] },
    },
  })
  const bad = (values.suite ?? []).filter((s) => !SUITES.has(s))
  if (bad.length > 0) throw new Error(`--suite: ${bad.join(', ')}; expected ${[...SUITES].join(' or ')}`)
  const analyze = values.analyze
  if (analyze !== 'all' && analyze !== 'latest' && analyze !== 'none')
    throw new Error('--analyze: expected all, latest or none')
  const skipped = new Set(values['skip-analyzer'])
  const analyzers = DEFAULT_ANALYZERS.filter((a) => !skipped.has(a.name))
  const names = [...positionals, ...(values['from-file'] ? namesFromFile(values['from-file']) : [])]
  const installed = values.installed ? readInstalled() : undefined
  names.push(...(installed?.records.map((r) => r.name) ?? []))
  if (names.length === 0 && values.priority.length === 0)
    throw new Error(`no package names given\nusage: ${INGEST_USAGE}`)
  // the configuration's apt folder, suites and mirrors (DEBIAN_*; docs/debian.md), as the server's units use them
  const d = config.growth.debian
  const archive = debianArchive({
    ...d,
    aptDir: values['apt-dir'] ?? d.aptDir,
    suites: values.suite?.length ? values.suite : d.suites,
  })
  const storage = openStorage(config.database)
  try {
    await migrate(storage)
    const report = await ingestDebian({
      archive,
      writer: new SqlKbWriter(storage),
      advisories: new SqlAdvisoryWriter(storage),
      origins: new SqlOriginWriter(storage.db),
      names,
      priorities: values.priority,
      ...(installed ? { installed } : {}),
      withDependencies: values['with-dependencies'],
      analyze,
      analyzers,
      update: !values['no-update'],
      now: () => new Date().toISOString(),
      log: (line) => console.error(line),
    })
    console.log(
      `debian: ${report.written} packages written, ${report.analyzed} analyzed, ${report.advisories} changelog ` +
        `advisories, ${report.origins} origins; not in the suites: ${report.notFound.length}${report.notFound.length ? ` (${report.notFound.slice(0, 10).join(', ')}…)` : ''}`,
    )
    for (const f of report.failed) console.error(`failed: ${f.name}: ${f.error}`)
    return report.failed.length > 0 ? 1 : 0
  } finally {
    await storage.close()
  }
}

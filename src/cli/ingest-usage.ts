// The ingest command's usage: one line in `compintel` help (which loads no source), and each source's own usage,
// from the table of sources (sources/index.ts), when `compintel ingest` is run without one or with a mistake.
import type { FeedSource, PackageSource } from '../sources/source.ts'

export const INGEST_USAGE = `ingest <source> … [options]   learn packages or load a data set; \`compintel ingest help\` lists
                          the sources (npm, debian, …; osv, epss, kev, purl2cpe; commit-timezones, git, github-users)`

/** Every `compintel ingest` command with its options. */
export function ingestUsage(packages: readonly PackageSource[], feeds: readonly FeedSource[]): string {
  return [
    ...packages.map((s) => `compintel ingest ${s.source} ${s.ingest.usage}`),
    ...feeds.map((f) => `compintel ingest ${f.kind} ${f.inputs} [--source NAME] [--source-date D]`),
    'compintel ingest commit-timezones <commit-timezones.ndjson[.gz]>',
    'compintel ingest git <path to a clone> --purl pkg:github/OWNER/NAME [--purl pkg:npm/NAME]…',
    `compintel ingest github-users <pkg:github/OWNER/NAME | OWNER/NAME>… [--token T] [--api-url URL]
                          [--max-contributors N]   (token default: GITHUB_TOKEN)`,
  ].join('\n  ')
}

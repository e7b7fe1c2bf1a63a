// `compintel ingest osv|epss|kev|purl2cpe <file…>`: a feed's files into the KB through its FeedSource's loader (the table
// of sources/index.ts; this parses the command line, opens the KB and prints the summary).
import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import type { Config } from '../config/config.ts'
import { formatReport } from '../ingest/data-report.ts'
import type { FeedSource } from '../sources/source.ts'
import { SqlAdvisoryWriter } from '../storage/advisory-writer.ts'
import { openStorage } from '../storage/database.ts'
import { migrate } from '../storage/migrate.ts'

export async function runIngestData(config: Config, feed: FeedSource, argv: string[], usage: string): Promise<number> {
  const { kind } = feed
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      source: { type: 'string' },
      'source-date': { type: 'string' },
      'batch-size': { type: 'string' },
    },
  })
  if (positionals.length === 0) throw new Error(`no input given\n${usage}`)
  if (!feed.manyFiles && positionals.length > 1) throw new Error(`ingest ${kind}: one file at a time`)
  for (const p of positionals) if (!existsSync(p)) throw new Error(`${p}: no such file or directory`)
  const batchSize = values['batch-size'] === undefined ? undefined : Number(values['batch-size'])
  if (batchSize !== undefined && (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 100_000))
    throw new Error('--batch-size: expected 1 to 100000')
  const opts = {
    source: values.source,
    sourceDate: values['source-date'],
    batchSize,
    now: () => new Date().toISOString(),
  }
  const storage = openStorage(config.database)
  try {
    await migrate(storage)
    const report = await feed.load(positionals, new SqlAdvisoryWriter(storage), opts)
    console.log(formatReport(`ingest ${kind}`, report))
    return 0
  } finally {
    await storage.close()
  }
}

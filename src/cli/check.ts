// `compintel check [--json] [--examples N]`: reads the whole KB a chunk at a time and reports the rows no rule
// allows (domain/kb/consistency.ts; docs/knowledge-base.md "Checking a KB"): a count per rule and the first N rows,
// escaped. Exit 1 when anything is found, 0 otherwise.
import { parseArgs } from 'node:util'
import type { Config } from '../config/config.ts'
import { anyFinding, CONSISTENCY_RULES, type ConsistencyReport, checkKb } from '../domain/kb/consistency.ts'
import { excerpt } from '../ingest/failure.ts'
import { SqlConsistencyReader } from '../storage/consistency-reader.ts'
import { openStorage } from '../storage/database.ts'
import { migrate } from '../storage/migrate.ts'
import { CHECK_USAGE } from './check-usage.ts'

export async function runCheck(config: Config, argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { json: { type: 'boolean', default: false }, examples: { type: 'string', default: '20' } },
  })
  const examples = Number(values.examples)
  if (!Number.isInteger(examples) || examples < 0) {
    console.error(`--examples: a whole number\nusage: compintel ${CHECK_USAGE}`)
    return 2
  }
  const storage = openStorage(config.database)
  try {
    await migrate(storage)
    const report = await checkKb(new SqlConsistencyReader(storage.db), { examples })
    console.log(values.json ? JSON.stringify(report, null, 2) : formatReport(report))
    return anyFinding(report) ? 1 : 0
  } finally {
    await storage.close()
  }
}

/** The summary for a terminal: what was read, the count per rule, the first rows found (escaped, bounded). */
export function formatReport(r: ConsistencyReport): string {
  const found = Object.values(r.counts).reduce((n, c) => n + c, 0)
  const lines = [`checked ${r.components} components and ${r.versions} versions, and every reference between tables`]
  const width = Math.max(...CONSISTENCY_RULES.map((rule) => rule.length))
  for (const rule of CONSISTENCY_RULES) lines.push(`  ${rule.padEnd(width)}  ${r.counts[rule]}`)
  if (found === 0) lines.push('nothing found: every row is one the rules allow')
  else {
    lines.push(`${found} row(s) no rule allows; the first ${r.findings.length}:`)
    for (const f of r.findings) lines.push(`  ${f.rule} ${f.table} ${excerpt(f.row, 120)}: ${excerpt(f.detail, 200)}`)
  }
  return lines.join('\n')
}

// The compintel command line: serve | migrate | keys (create, list, revoke) | ingest | worker | update | status | check |
// export | notices | sbom (enrich, from) | rulesets build | hash | scan (folder hashing).
import { ConfigError, loadConfig } from '../config/config.ts'
import { CHECK_USAGE } from './check-usage.ts'
import { FOLDER_OPTIONS, HASH_USAGE, SCAN_USAGE } from './hash-usage.ts'
import { INGEST_USAGE } from './ingest-usage.ts'
import { NOTICES_USAGE } from './notices-usage.ts'
import { RULESETS_USAGE } from './rulesets-usage.ts'
import { SBOM_USAGE } from './sbom-usage.ts'
import { UPDATE_USAGE } from './update-usage.ts'
import { WORKER_USAGE } from './worker-usage.ts'

const USAGE = `usage: compintel <command>

  serve                      start the API server (the default of npm start)
  migrate                    apply the KB schema migrations (an empty KB gets the seed) and exit
  keys create --name N [--scope AREA|*]... [--tier standard|high|unlimited]
  keys list [--json]
  keys revoke <id|prefix>
  ${INGEST_USAGE}
  ${WORKER_USAGE}
  ${UPDATE_USAGE}
  ${CHECK_USAGE}
  export [--out DIR] [--release NAME]   write the KB as a seed (default: data/seed)
  ${NOTICES_USAGE}
  ${SBOM_USAGE}
  ${RULESETS_USAGE}
  ${HASH_USAGE}
  ${SCAN_USAGE}
  ${FOLDER_OPTIONS}

Configuration comes from environment variables (docs/configuration.md), optionally a JSON file named by COMPINTEL_CONFIG.`

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    console.log(USAGE)
    return command ? 0 : 2
  }
  try {
    const config = loadConfig()
    switch (command) {
      // Each command loads its own modules, so a quick command does not pay for the server's or pacote's imports.
      case 'serve':
        return await (await import('./serve.ts')).runServe(config)
      case 'migrate':
        return await (await import('./migrate.ts')).runMigrate(config)
      case 'keys':
        return await (await import('./keys.ts')).runKeys(config, rest)
      case 'ingest':
        return await (await import('./ingest.ts')).runIngestCommand(config, rest)
      case 'worker':
        return await (await import('./worker.ts')).runWorker(config, rest)
      case 'update':
        return await (await import('./update.ts')).runUpdateCommand(config, rest)
      case 'status':
        return await (await import('./update.ts')).runStatus(config)
      case 'check':
        return await (await import('./check.ts')).runCheck(config, rest)
      case 'export':
        return await (await import('./export.ts')).runExport(config, rest)
      case 'notices':
        return await (await import('./notices.ts')).runNotices(config, rest)
      case 'sbom':
        return await (await import('./sbom.ts')).runSbom(config, rest)
      case 'rulesets':
        return await (await import('./rulesets.ts')).runRulesets(rest)
      case 'hash':
        return await (await import('./hash.ts')).runHash(rest)
      case 'scan':
        return await (await import('./scan.ts')).runScan(config, rest)
      default:
        console.error(`compintel: unknown command "${command}"\n\n${USAGE}`)
        return 2
    }
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message)
      return 2
    }
    console.error(`compintel ${command}: ${(err as Error).message}`)
    return 1
  }
}

const code = await main(process.argv.slice(2))
if (code !== 0 || process.argv[2] !== 'serve') process.exitCode = code

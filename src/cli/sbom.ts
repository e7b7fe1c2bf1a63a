// `compintel sbom enrich <file>`, `compintel sbom from <lockfile>` (docs/sbom.md) and `sbom check` (sbom-check.ts; a project file other than a
// package-lock.json becomes the BOM of from-project-file.ts, then is enriched as one). enrich reads the KB of
// this configuration directly (an empty one gets the shipped seed first, as at serve) (no on-demand learning: `compintel ingest npm` fills it), or, with --url, sends the
// document to a server's POST /v2/sbom/enrich. The document goes to --out or stdout; a summary to stderr.
import { randomUUID } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { type ParseArgsConfig, parseArgs } from 'node:util'
import { prepareShippedKb } from '../app/prepare.ts'
import { createRuntime } from '../app/runtime.ts'
import { SERVER_VERSION as VERSION } from '../app/version.ts'
import type { Config } from '../config/config.ts'
import { enrichSbom, SBOM_FORMATS, type SbomOutputFormat } from '../domain/sbom/enrich-sbom.ts'
import { lockfileBom } from '../domain/sbom/from-lockfile.ts'
import { projectFileBom } from '../domain/sbom/from-project-file.ts'
import { parseSbomText, SbomInputError } from '../domain/sbom/read-input.ts'
import { type CliIo, PROCESS_IO } from './hash.ts'
import { readProjectFileAt } from './project-file-input.ts'
import { CheckUsageError, runSbomCheck } from './sbom-check.ts'
import { SBOM_USAGE } from './sbom-usage.ts'
import { endpointUrl, postToServer } from './server-request.ts'

class UsageError extends Error {}

export async function runSbom(config: Config, argv: string[], io: CliIo = PROCESS_IO): Promise<number> {
  try {
    const [sub, ...rest] = argv
    if (sub === 'enrich') return await enrich(config, rest, io)
    if (sub === 'from') return from(rest, io)
    if (sub === 'check') return await runSbomCheck(config, rest, io)
    throw new UsageError(sub ? `unknown subcommand "${sub}"` : 'a subcommand is needed')
  } catch (err) {
    if (err instanceof UsageError || err instanceof CheckUsageError) {
      io.err(`compintel sbom: ${err.message}\nusage: compintel ${SBOM_USAGE}\n`)
      return 2
    }
    const detail = err instanceof SbomInputError ? listed(err) : (err as Error).message
    io.err(`compintel sbom: ${detail}\n`)
    return 1
  }
}

function args(argv: string[], options: ParseArgsConfig['options']) {
  try {
    const parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true })
    if (parsed.positionals.length !== 1) throw new UsageError('exactly one input file is needed')
    return { file: parsed.positionals[0] as string, values: parsed.values as Record<string, string | undefined> }
  } catch (err) {
    throw err instanceof UsageError ? err : new UsageError((err as Error).message)
  }
}

async function enrich(config: Config, argv: string[], io: CliIo): Promise<number> {
  const { file, values } = args(argv, {
    format: { type: 'string' },
    out: { type: 'string' },
    url: { type: 'string' },
    key: { type: 'string' },
  })
  const format = (values.format ?? 'cyclonedx-1.6') as SbomOutputFormat
  if (!SBOM_FORMATS.includes(format)) throw new UsageError(`--format: one of ${SBOM_FORMATS.join(', ')}`)
  // a project file (a Cargo.lock, a pyproject.toml, …) is enriched as the BOM `sbom from` makes of it
  const projectBom = file === '-' ? undefined : bomOfProjectFile(file)
  const text = projectBom ? JSON.stringify(projectBom) : readFileSync(file === '-' ? 0 : file, 'utf8')
  const document = projectBom ?? parseSbomText(text)
  let output: string
  if (values.url) {
    const url = endpointUrl(values.url, `/v2/sbom/enrich?format=${format}`)
    if (url instanceof Error) throw new UsageError(url.message)
    const contentType = typeof document === 'string' ? 'text/plain' : 'application/json'
    output = (await postToServer(url, text, { key: values.key ?? io.env.COMPINTEL_API_KEY, contentType })).text
    io.err(`compintel sbom: enriched by ${values.url}\n`)
  } else {
    // an empty KB gets the seed
    const runtime = await createRuntime(config, {
      prepare: (storage) => prepareShippedKb(storage, config.seedDir, (line) => io.err(`${line}\n`)),
    })
    try {
      const { services } = runtime
      const options = { format, toolVersion: VERSION, uuid: randomUUID(), now: new Date() }
      const enriched = await enrichSbom(document, services, options)
      output = JSON.stringify(enriched.document, null, 2)
      const missing = enriched.notEnriched > 0 ? `, ${enriched.notEnriched} not fully enriched (see properties)` : ''
      io.err(`compintel sbom: ${enriched.components} components${missing}\n`)
    } finally {
      await runtime.close()
    }
  }
  write(output, values.out, io)
  return 0
}

function from(argv: string[], io: CliIo): number {
  const { file, values } = args(argv, { out: { type: 'string' } })
  const bom =
    (file === '-' ? undefined : bomOfProjectFile(file)) ??
    lockfileBom(parseSbomText(readFileSync(file === '-' ? 0 : file, 'utf8')), bomOptions())
  write(JSON.stringify(bom, null, 2), values.out, io)
  io.err(`compintel sbom: ${(bom.components as unknown[]).length} components\n`)
  return 0
}

/** The BOM of a project file other than a package-lock.json (readProjectFile); undefined for any other file. */
function bomOfProjectFile(file: string): Record<string, unknown> | undefined {
  // a package-lock.json is read as a document (lockfileBom resolves its dependency tree, enrichment reads it)
  if (/^(package-lock|npm-shrinkwrap)\.json$/.test(path.basename(file))) return undefined
  const project = readProjectFileAt(file)
  if (!project) return undefined
  const name = path.basename(path.dirname(path.resolve(file))) || 'project'
  return projectFileBom(project, name, bomOptions())
}

const bomOptions = () => ({
  toolVersion: VERSION,
  serialNumber: `urn:uuid:${randomUUID()}`,
  timestamp: new Date().toISOString(),
})

function write(text: string, out: string | undefined, io: CliIo): void {
  if (out) writeFileSync(out, `${text}\n`)
  else io.out(`${text}\n`)
}

function listed(err: SbomInputError): string {
  const invalid = err.invalid.map((c) => `\n  ${c.ref}: "${c.purl}" (${c.reason})`).join('')
  return `${err.message}${invalid}`
}

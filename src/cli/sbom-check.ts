// `compintel sbom check --policy policy.json [--vex vex.json …] <bom|->` (docs/policy.md): the policy's verdict on an
// SBOM from this configuration's KB (an empty one gets the shipped seed first), or, with --url, from a server's
// POST /v2/sbom/check. Prints the violations (or, with --json, the whole answer); exits 1 when the verdict is fail,
// 0 on pass or warn, 2 when the policy or the command line cannot be read.
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { createRuntime } from '../app/runtime.ts'
import type { Config } from '../config/config.ts'
import { checkSbom } from '../domain/policy/check-sbom.ts'
import type { Verdict } from '../domain/policy/evaluate.ts'
import { PolicyError, readPolicy } from '../domain/policy/policy.ts'
import { parseSbomText } from '../domain/sbom/read-input.ts'
import { prepareKb } from '../storage/prepare-kb.ts'
import type { CliIo } from './hash.ts'
import { endpointUrl, postToServer } from './server-request.ts'

export class CheckUsageError extends Error {}

export async function runSbomCheck(config: Config, argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parsed(argv)
  if (positionals.length !== 1) throw new CheckUsageError('exactly one input file is needed')
  if (!values.policy) throw new CheckUsageError('--policy FILE is needed')
  const file = positionals[0] as string
  const sbom = parseSbomText(readFileSync(file === '-' ? 0 : file, 'utf8'))
  const policyJson = readJson(values.policy, '--policy')
  const vex = (values.vex ?? []).map((f) => readJson(f, '--vex'))
  let verdict: Verdict
  try {
    verdict = values.url
      ? await remote(values.url, values.key ?? io.env.COMPINTEL_API_KEY, { sbom, policy: policyJson, vex })
      : await local(config, sbom, readPolicy(policyJson), vex, io)
  } catch (err) {
    if (!(err instanceof PolicyError)) throw err
    io.err(`compintel sbom check: ${err.message}\n`)
    return 2
  }
  if (values.json) io.out(`${JSON.stringify(verdict, null, 2)}\n`)
  else io.out(report(verdict))
  return verdict.verdict === 'fail' ? 1 : 0
}

function parsed(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        policy: { type: 'string' },
        vex: { type: 'string', multiple: true },
        url: { type: 'string' },
        key: { type: 'string' },
        json: { type: 'boolean', default: false },
      },
    })
  } catch (err) {
    throw new CheckUsageError((err as Error).message)
  }
}

function readJson(file: string, option: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch (err) {
    throw new CheckUsageError(`${option} ${file}: ${(err as Error).message}`)
  }
}

async function local(config: Config, sbom: unknown, policy: ReturnType<typeof readPolicy>, vex: unknown[], io: CliIo) {
  const runtime = await createRuntime(config, {
    prepare: (storage) => prepareKb(storage, config.seedDir, (line) => io.err(`${line}\n`)),
  })
  try {
    const { services } = runtime
    return await checkSbom(sbom, policy, services, { vex })
  } finally {
    await runtime.close()
  }
}

async function remote(base: string, key: string | undefined, body: unknown): Promise<Verdict> {
  const url = endpointUrl(base, '/v2/sbom/check')
  if (url instanceof Error) throw new CheckUsageError(url.message)
  const answer = await postToServer(url, JSON.stringify(body), { key, contentType: 'application/json' })
  return JSON.parse(answer.text) as Verdict
}

function report(v: Verdict): string {
  const lines = v.violations.map(
    (x) => `${x.action.toUpperCase()} ${x.rule}: ${x.component}${x.finding ? ` ${x.finding}` : ''}: ${x.reason}`,
  )
  const s = v.summary
  const suppressed = s.suppressed > 0 ? `, ${s.suppressed} suppressed by VEX` : ''
  lines.push(
    `verdict: ${v.verdict} (${s.components} components, ${s.findings} findings${suppressed}; ${s.fail} fail, ${s.warn} warn)`,
  )
  return `${lines.join('\n')}\n`
}

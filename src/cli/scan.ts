// `compintel scan <dir>`: hashes a folder as scanoss-py does, sends the request to POST /v2/scanning/hfh/scan of a
// compintel (or SCANOSS) server and prints the components found as a table, or the response as JSON.
import type { Config } from '../config/config.ts'
import {
  type CliIo,
  PROCESS_IO,
  parseCommandArgs,
  REQUEST_OPTIONS,
  requestBody,
  runCommand,
  UsageError,
} from './hash.ts'
import { SCAN_USAGE } from './hash-usage.ts'
import { endpointUrl, postToServer } from './server-request.ts'

interface Reply {
  results?: {
    path_id: string
    components: {
      purl: string
      versions: { version: string; score: number; licenses: { name: string; spdx_id: string }[] }[]
      rank: number
      order: number
    }[]
  }[]
  status?: { message?: string }
  error?: { code?: string }
}

const OPTIONS = {
  ...REQUEST_OPTIONS,
  url: { type: 'string' },
  key: { type: 'string' },
  json: { type: 'boolean' },
} as const

/** The local server of the configuration: a wildcard listen address is reached through the loopback. */
export function localUrl(config: Pick<Config, 'host' | 'port'>): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`
}

function endpoint(base: string): string {
  const url = endpointUrl(base, '/v2/scanning/hfh/scan')
  if (url instanceof Error) throw new UsageError(url.message)
  return url
}

export function runScan(config: Pick<Config, 'host' | 'port'>, args: string[], io: CliIo = PROCESS_IO) {
  return runCommand('scan', SCAN_USAGE, io, async () => {
    const { dir, values } = parseCommandArgs(args, OPTIONS)
    const url = endpoint(values.url ?? (io.env.COMPINTEL_URL || localUrl(config)))
    const key = values.key ?? io.env.COMPINTEL_API_KEY
    const body = await requestBody(dir, values)
    const { text } = await postToServer(url, body, { key, contentType: 'application/json' })
    let reply: Reply
    try {
      reply = JSON.parse(text) as Reply
    } catch {
      throw new Error(`${url} answered with a body that is not JSON`)
    }
    io.out(values.json ? `${JSON.stringify(reply, null, 2)}\n` : table(reply))
    return 0
  })
}

const HEADER = ['PATH', 'ORDER', 'PURL', 'VERSION', 'SCORE', 'RANK', 'LICENSES']

/** One row per folder and component, the best version's figures; columns padded to their widest cell. */
export function table(reply: Reply): string {
  const rows: string[][] = []
  for (const r of reply.results ?? []) {
    for (const c of r.components) {
      const v = c.versions[0]
      const licenses = v?.licenses.map((l) => l.spdx_id || l.name).join(',')
      rows.push([
        r.path_id,
        String(c.order),
        c.purl,
        v?.version ?? '-',
        v ? v.score.toFixed(2) : '-',
        String(c.rank),
        licenses || '-',
      ])
    }
  }
  if (rows.length === 0) return 'no components identified\n'
  const widths = HEADER.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] as string).length)))
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i] as number)))
      .join('  ')
      .trimEnd()
  return `${[HEADER, ...rows].map(line).join('\n')}\n`
}

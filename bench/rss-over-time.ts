// The server's memory while it learns (issue 36, docs/running-at-scale.md "Memory"): a real `compintel serve` child
// process on a fresh SQLite KB (no seed) with ON_DEMAND=analyze, asked for every Debian package installed on this
// machine (dpkg-query, as a container scan reports them) so its worker runs real Debian units (apt through a private
// folder, .deb and upstream source walks in artifact threads) for the whole run; its RSS (and that of its child
// processes) sampled every few seconds. Prints a line per minute, then max / median / last, the units done, and how
// long the server took to exit on SIGTERM with units in flight. Needs a Debian machine that reaches the archive.
// Run: node --import ./bin/register-ts.js bench/rss-over-time.ts [--minutes 30] [--every 5] [--apt-dir DIR]
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { homedir, tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { installedPurls } from './installed-purls.ts'

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    every: { type: 'string', default: '5' },
    'apt-dir': { type: 'string' },
  },
})
const minutes = Number(values.minutes)
const everyMs = Number(values.every) * 1000
const aptDir =
  values['apt-dir'] ?? path.join(process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'compintel-apt')
const key = 'rss-over-time-key-0123456789'
const BIN = fileURLToPath(new URL('../bin/compintel.js', import.meta.url))

/** kB of resident memory of `pid` (0 once it is gone). */
function rssKb(pid: number): number {
  try {
    return Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
  } catch {
    return 0
  }
}

/** Every descendant of `pid` (apt-get and its methods, dpkg-deb, tar, decompressors). */
function descendants(pid: number): number[] {
  let tasks: string[] = []
  try {
    tasks = readdirSync(`/proc/${pid}/task`)
  } catch {
    return [] // it ended meanwhile
  }
  const kids = tasks.flatMap((t) => {
    try {
      return readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
    } catch {
      return []
    }
  })
  return kids.flatMap((k) => [k, ...descendants(k)])
}

async function freePort(): Promise<number> {
  const s = createServer()
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))
  const { port } = s.address() as { port: number }
  await new Promise((resolve) => s.close(resolve))
  return port
}

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0

const dir = mkdtempSync(path.join(tmpdir(), 'compintel-rss-'))
const port = await freePort()
const server = spawn(process.execPath, [BIN, 'serve'], {
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: `sqlite:${path.join(dir, 'kb.sqlite')}`,
    SEED_DIR: 'none',
    COMPINTEL_API_KEYS: key,
    LOG_LEVEL: 'info',
    ON_DEMAND: 'analyze',
    ON_DEMAND_WAIT_MS: '0',
    ON_DEMAND_PER_KEY_PER_MINUTE: '1000000',
    RATE_LIMIT_PER_MINUTE: '1000000',
    RATE_LIMIT_PER_MINUTE_PER_IP: '1000000',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    DEBIAN_APT_DIR: aptDir,
  },
  stdio: ['ignore', 'pipe', 'pipe'],
})
const units = { done: 0, failed: 0, retried: 0 }
let tail = ''
const onLine = (chunk: Buffer) => {
  const text = String(chunk)
  tail = (tail + text).slice(-4000)
  units.done += text.split('"msg":"unit done').length - 1
  units.retried += text.split('"msg":"unit failed; will retry"').length - 1
  units.failed += text.split('"msg":"unit failed for good"').length - 1
}
server.stdout.on('data', onLine)
server.stderr.on('data', onLine)
const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)))
const pid = server.pid as number
try {
  for (let i = 0; i < 600 && !tail.includes('compintel listening on'); i++) await sleep(100)
  if (!tail.includes('compintel listening on')) throw new Error(`the server did not start:\n${tail}`)
  const purls = installedPurls()
  /** Asks for every installed package (units already queued or done are joined, not queued again). */
  const ask = async () => {
    for (let i = 0; i < purls.length; i += 100)
      await fetch(`http://127.0.0.1:${port}/v2/licenses/components`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ components: purls.slice(i, i + 100).map((purl) => ({ purl })) }),
      }).then((r) => r.arrayBuffer())
  }
  console.log(`${purls.length} installed packages asked; sampling RSS every ${everyMs / 1000} s for ${minutes} min`)
  const samples: { s: number; server: number; children: number }[] = []
  const started = Date.now()
  let nextAsk = 0
  let nextLine = 0
  while (Date.now() - started < minutes * 60_000) {
    const s = (Date.now() - started) / 1000
    if (s >= nextAsk) {
      await ask() // again each 5 minutes: failed units past their back-off and new answers
      nextAsk += 300
    }
    const children = descendants(pid).reduce((n, c) => n + rssKb(c), 0)
    samples.push({ s, server: rssKb(pid), children })
    if (s >= nextLine) {
      const last = samples.at(-1) as (typeof samples)[number]
      console.log(
        `${(s / 60).toFixed(1).padStart(5)} min  server ${mb(last.server).padStart(8)}  children ${mb(last.children).padStart(7)}  units done ${units.done}, retried ${units.retried}, failed ${units.failed}`,
      )
      nextLine += 60
    }
    await sleep(everyMs)
  }
  const server_ = samples.map((x) => x.server)
  const children = samples.map((x) => x.children)
  const signalled = Date.now()
  server.kill('SIGTERM')
  const code = await Promise.race([exited, sleep(60_000).then(() => 'still running')])
  console.table({
    'server RSS': { max: mb(Math.max(...server_)), median: mb(median(server_)), last: mb(server_.at(-1) ?? 0) },
    'children RSS (apt, dpkg-deb, …)': {
      max: mb(Math.max(...children)),
      median: mb(median(children)),
      last: mb(children.at(-1) ?? 0),
    },
  })
  console.log(
    `${samples.length} samples over ${minutes} min; units done ${units.done}, retried ${units.retried}, failed ${units.failed}; SIGTERM → exit ${code} after ${Date.now() - signalled} ms`,
  )
} finally {
  if (server.exitCode === null) server.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
}

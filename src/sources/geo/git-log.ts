// Reads a local git clone's history for origin from commit timing: per commit the author's e-mail (hashed at once
// with this KB's salt, never kept) and author date with its UTC offset, counted per author, offset and month.
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import type { RepoOrigin } from '../../domain/geoprovenance/types.ts'

/** Addresses of automation, counted but flagged (as the commit-timezone data set does). */
const BOT = /\[bot\]|dependabot|renovate|greenkeeper|github-actions|^noreply@github\.com$|^action@github\.com$/i

const GIT_SOURCE = 'git'

/** One `git log --format=%ae|%ad --date=raw` line: e-mail, epoch seconds, ±hhmm. */
function parseLogLine(line: string): { email: string; month: string; offsetMinutes: number } | undefined {
  const m = /^(.*)\|(\d+) ([+-])(\d\d)(\d\d)$/.exec(line.trim())
  if (!m) return undefined
  const sign = m[3] === '-' ? -1 : 1
  const offsetMinutes = sign * (Number(m[4]) * 60 + Number(m[5]))
  const local = new Date((Number(m[2]) + offsetMinutes * 60) * 1000)
  return { email: m[1] as string, month: local.toISOString().slice(0, 7), offsetMinutes }
}

function git(dir: string, args: string[]): { lines: AsyncIterable<string>; done: Promise<void> } {
  const child = spawn('git', ['-C', dir, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  let err = ''
  child.stderr.on('data', (d) => {
    err += d
  })
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`git ${args[0]}: ${err.trim() || `exit ${code}`}`)),
    )
  })
  return { lines: createInterface({ input: child.stdout, crlfDelay: Infinity }), done }
}

async function firstLine(dir: string, args: string[]): Promise<string> {
  const { lines, done } = git(dir, args)
  let first = ''
  for await (const l of lines) if (!first) first = l.trim()
  await done
  return first
}

/** The repository's origin data from its default-branch history (HEAD), authors as salted ids. */
export async function readGitHistory(
  dir: string,
  repoPurl: string,
  purls: string[],
  salt: (email: string) => string,
): Promise<RepoOrigin & { skipped: number }> {
  const head = await firstLine(dir, ['rev-parse', 'HEAD'])
  const headDate = await firstLine(dir, ['log', '-1', '--format=%cI', 'HEAD'])
  const counts = new Map<string, { bot: boolean; offsets: Map<string, number> }>()
  let skipped = 0
  const { lines, done } = git(dir, ['log', '--format=%ae|%ad', '--date=raw', 'HEAD'])
  for await (const line of lines) {
    const c = parseLogLine(line)
    if (!c) {
      if (line.trim()) skipped++
      continue
    }
    const id = salt(c.email)
    let a = counts.get(id)
    if (!a) {
      a = { bot: BOT.test(c.email.trim()), offsets: new Map() }
      counts.set(id, a)
    }
    const k = `${c.offsetMinutes}|${c.month}`
    a.offsets.set(k, (a.offsets.get(k) ?? 0) + 1)
  }
  await done
  const authors = [...counts].map(([author, a]) => ({
    author,
    bot: a.bot,
    offsets: [...a.offsets].map(([k, commits]) => {
      const [o, month] = k.split('|') as [string, string]
      return { offsetMinutes: Number(o), month, commits }
    }),
  }))
  return {
    repoPurl,
    head,
    headDate: headDate.slice(0, 10),
    purls,
    authors,
    source: GIT_SOURCE,
    asOf: headDate,
    skipped,
  }
}

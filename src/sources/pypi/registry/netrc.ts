// The netrc file (the format of ftp(1), read by Python's netrc module and, through requests, by pip): tokens
// separated by white space; `machine <host>` or `default` opens an entry, `login`, `password` and `account` give its
// fields, `macdef <name>` skips a macro up to the next blank line. The first entry for a host wins, then `default`
// (the go command reads no `default`: `withDefault` false). The file is $NETRC, else ~/.netrc (pip and the go command).
import path from 'node:path'
import type { ReadConfigFile } from '../../../ingest/outbound/config-files.ts'

export interface NetrcEntry {
  login: string
  password: string
}

/** The netrc file's text: $NETRC, else ~/.netrc; undefined when there is none. */
export function readNetrc(env: Record<string, string | undefined>, files: ReadConfigFile): string | undefined {
  if (env.NETRC) return files(env.NETRC)
  return env.HOME ? files(path.join(env.HOME, '.netrc')) : undefined
}

export function netrcFor(text: string, host: string, withDefault = true): NetrcEntry | undefined {
  let found: NetrcEntry | undefined
  let fallback: NetrcEntry | undefined
  const entries = parseNetrc(text)
  for (const e of entries) {
    if (e.machine === host && !found) found = e
    if (e.machine === undefined && !fallback && withDefault) fallback = e
  }
  const hit = found ?? fallback
  return hit ? { login: hit.login, password: hit.password } : undefined
}

interface Entry extends NetrcEntry {
  /** undefined: the `default` entry. */
  machine: string | undefined
}

function parseNetrc(text: string): Entry[] {
  const out: Entry[] = []
  // a macro's body runs to the next blank line: removed before tokenising
  const lines = text.split(/\r?\n/)
  const kept: string[] = []
  for (let i = 0; i < lines.length; i++) {
    kept.push(lines[i] as string)
    if (/(^|\s)macdef\s/.test(lines[i] as string)) while (i + 1 < lines.length && (lines[++i] as string).trim() !== '');
  }
  const tokens = kept.join('\n').match(/"(?:[^"\\]|\\.)*"|\S+/g) ?? []
  const word = (t: string | undefined) => (t?.startsWith('"') ? t.slice(1, -1).replace(/\\(.)/g, '$1') : (t ?? ''))
  let cur: Entry | undefined
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]
    if (t === 'machine' || t === 'default') {
      cur = { machine: t === 'machine' ? word(tokens[++i]) : undefined, login: '', password: '' }
      out.push(cur)
    } else if (t === 'macdef') i++
    else if (cur && (t === 'login' || t === 'password')) cur[t] = word(tokens[++i])
    else if (cur && t === 'account') i++
  }
  return out
}

// A distribution's requirements as Requires-Dist lines (PEP 508) and as the KB's dependencies. An egg-info directory
// keeps them apart from PKG-INFO, in setuptools' `requires.txt`: the unconditional requirements first, then a section
// per extra and/or environment marker (`[socks]`, `[:python_version < "3.8"]`, `[test:sys_platform == "win32"]`);
// they are written here as the Requires-Dist lines a wheel of the same project would carry.
import type { Dependency } from '../../domain/kb/types.ts'
import { pep503 } from '../debian/contents.ts'

const MAX_LINES = 2000

/** setuptools' requires.txt as Requires-Dist lines. */
export function requiresTxtToRequiresDist(text: string): string[] {
  const out: string[] = []
  let marker = ''
  for (const raw of text.split(/\r?\n/).slice(0, MAX_LINES)) {
    const line = raw.trim()
    if (line === '' || line.startsWith('#')) continue
    const section = /^\[([^\]:]*)(?::(.*))?\]$/.exec(line)
    if (section) {
      const extra = (section[1] ?? '').trim()
      const env = (section[2] ?? '').trim()
      const onExtra = extra ? `extra == "${extra}"` : ''
      marker = env && onExtra ? `(${env}) and ${onExtra}` : env || onExtra
      continue
    }
    out.push(marker ? `${line}; ${marker}` : line)
  }
  return out
}

/** A PEP 508 line's name, and its marker (after the `;` that ends a specifier, or the whitespace and `;` after a URL). */
const NAME = /^\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)/

/**
 * Requires-Dist lines as dependencies, in the shape of the domain's PEP 508 rules (`pep508Dependencies`, which
 * replaces this at merge: one call): the name (PEP 503), the requirement as the line after the name, as written
 * (extras, specifier or URL, marker), `optional` when its marker names an extra, else `runtime`; one dependency per
 * scope and name (the KB keeps one), the first line. A line that names no project is skipped.
 */
export function requiresDistDependencies(lines: readonly string[]): Dependency[] {
  const out = new Map<string, Dependency>()
  for (const line of lines) {
    const m = NAME.exec(line)
    if (!m) continue
    const rest = line.slice(m[0].length).trim()
    const marker = rest.startsWith('@')
      ? (/\s;(.*)$/.exec(rest)?.[1] ?? '')
      : rest.slice(rest.indexOf(';') + 1 || rest.length)
    const scope = /\bextra\s*==/.test(marker) ? 'optional' : 'runtime'
    const name = pep503(m[1] as string)
    if (!out.has(`${scope}:${name}`)) out.set(`${scope}:${name}`, { scope, name, requirement: rest })
  }
  return [...out.values()]
}

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

/** A PEP 508 line's name, extras, version specifier (or `@ url`) and marker. */
const PEP508 = /^\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*(?:\[[^\]]*\])?\s*([^;]*?)\s*(?:;\s*(.*))?$/

/**
 * Requires-Dist lines as dependencies: the name (PEP 503), the version specifier as written without parentheses
 * (`>=5.3`, `` for any; a direct reference keeps its `@ url`), `optional` when only an extra asks for it, else
 * `runtime` (an environment marker kept out: such a requirement holds on some platforms). A line that names no
 * project is skipped.
 */
export function requiresDistDependencies(lines: readonly string[]): Dependency[] {
  const out: Dependency[] = []
  for (const line of lines) {
    const m = PEP508.exec(line)
    if (!m) continue
    const requirement = (m[2] ?? '').replace(/^\((.*)\)$/, '$1').replace(/\s+/g, '')
    const scope = /\bextra\s*==/.test(m[3] ?? '') ? 'optional' : 'runtime'
    out.push({ scope, name: pep503(m[1] as string), requirement })
  }
  return out
}

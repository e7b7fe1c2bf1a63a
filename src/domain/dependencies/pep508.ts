// PEP 508 dependency specifiers (packaging.python.org/en/latest/specifications/dependency-specifiers), the
// `Requires-Dist` lines of a distribution's metadata: `name [extras] (specifier) ; marker` or `name [extras] @ url
// ; marker`. Names are normalised per PEP 503; the specifier is PEP 440's (shared/versions/pep440-specifiers.ts);
// markers are pep508-markers.ts's. As the KB's dependencies (docs/dependencies.md "PyPI"): the requirement is the
// line after the name, as written (extras, specifier or URL, marker), so the walk can read it again; a dependency
// only an extra brings (its marker names `extra`) is `optional`, the others `runtime`.

import type { Dependency } from '../kb/types.ts'
import { pep503 } from '../shared/purl.ts'
import { parsePep440Specifier } from '../shared/versions/pep440-specifiers.ts'
import { evaluateMarker, type Marker, mentionsExtra, parseMarker } from './pep508-markers.ts'

export interface Pep508Requirement {
  /** PEP 503-normalised. */
  name: string
  /** The extras asked of the dependency, normalised. */
  extras: string[]
  /** The PEP 440 specifier without parentheses ('' for any version, and for the URL form). */
  specifier: string
  /** `name @ url`: a direct reference, which names no index package. */
  url?: string
  marker?: Marker
  /** The line after the name, trimmed. */
  rest: string
}

const MAX_LINE = 2048
const NAME = /^\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)/
const EXTRA = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/

/** A PEP 508 line, or undefined when it is not one (or longer than 2,048 characters). */
export function parsePep508(line: string): Pep508Requirement | undefined {
  if (typeof line !== 'string' || line.length > MAX_LINE) return undefined
  const m = NAME.exec(line)
  if (!m) return undefined
  const rest = line.slice(m[0].length).trim()
  let s = rest
  let extras: string[] = []
  if (s.startsWith('[')) {
    const end = s.indexOf(']')
    if (end === -1) return undefined
    const inner = s.slice(1, end).trim()
    extras = inner === '' ? [] : inner.split(',').map((e) => e.trim())
    if (!extras.every((e) => EXTRA.test(e))) return undefined
    extras = extras.map(pep503)
    s = s.slice(end + 1).trim()
  }
  const out: Pep508Requirement = { name: pep503(m[1] as string), extras, specifier: '', rest }
  let markerText: string | undefined
  if (s.startsWith('@')) {
    // the URL runs to whitespace; a marker after it must be set off by whitespace (`@ url ; marker`)
    const url = /^@\s*(\S+)(?:\s+;(.*))?$/.exec(s)
    if (!url || (url[1] as string).endsWith(';')) return undefined
    out.url = url[1] as string
    markerText = url[2]
  } else {
    const semi = s.indexOf(';')
    let spec = (semi === -1 ? s : s.slice(0, semi)).trim()
    markerText = semi === -1 ? undefined : s.slice(semi + 1)
    if (spec.startsWith('(') && spec.endsWith(')')) spec = spec.slice(1, -1).trim()
    if (/^[A-Za-z[]/.test(spec) || parsePep440Specifier(spec) === undefined) return undefined
    out.specifier = spec
  }
  if (markerText !== undefined) {
    const marker = parseMarker(markerText)
    if (!marker) return undefined
    out.marker = marker
  }
  return out
}

/** Whether a dependency applies in the default environment, for a dependent asked for these extras. */
export function pep508Applies(r: Pep508Requirement, extras: ReadonlySet<string> = new Set()): boolean {
  return r.marker === undefined || evaluateMarker(r.marker, extras)
}

/**
 * A distribution's `Requires-Dist` lines as the KB's dependencies; lines that are not PEP 508 are left out. A name
 * declared more than once in a scope (`x>=1; python_version<"3.8"`, `x>=2; python_version>="3.8"`) is one
 * dependency (the KB keeps one per scope and name): the first line that applies in the default environment, else
 * the first.
 */
export function pep508Dependencies(requiresDist: readonly string[]): Dependency[] {
  const out = new Map<string, { dep: Dependency; applies: boolean }>()
  for (const line of requiresDist) {
    const r = parsePep508(line)
    if (!r) continue
    const scope = r.marker && mentionsExtra(r.marker) ? 'optional' : 'runtime'
    const applies = scope === 'optional' || pep508Applies(r)
    const key = `${scope}\u0000${r.name}`
    const known = out.get(key)
    if (known && (known.applies || !applies)) continue
    out.set(key, { dep: { scope, name: r.name, requirement: r.rest }, applies })
  }
  return [...out.values()].map((d) => d.dep)
}

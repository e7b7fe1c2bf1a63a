// Packagist (Composer) versions, normalised as Composer's version parser does (getcomposer.org/doc/articles/
// versions.md): an optional `v`, numeric parts (1.5 is 1.5.0.0; more than four are kept, as dates are), an
// optional stability suffix — `dev`, `alpha`/`a`, `beta`/`b`, `RC`, `stable`, `patch`/`pl`/`p` — with its own
// numbers (`-beta2`, `.RC.1`), and an optional `-dev` after it; build metadata (`+…`) is dropped. Branch names
// (`dev-main`) are not versions; `1.2.x-dev` is the branch's head, above every 1.2 release (x = 9999999, as
// Composer writes it). Order: the numbers (padded with zeros), then the stability
// dev < alpha < beta < RC < stable < patch, then its numbers, then a `-dev` build before the one without.
import { compareIdentifiers, compareNumbers } from './compare-parts.ts'
import { parsedScheme } from './parsed-scheme.ts'

interface ComposerVersion {
  numbers: string[]
  stability: number
  stabilityNumbers: string[]
  dev: boolean
}

const STABILITY: Record<string, number> = {
  dev: 0,
  a: 1,
  alpha: 1,
  b: 2,
  beta: 2,
  rc: 3,
  stable: 4,
  p: 5,
  pl: 5,
  patch: 5,
}
const STABLE = 4
const PATTERN = /^v?(\d+(?:\.\d+)*)(?:[._-]?(stable|beta|b|rc|alpha|a|patch|pl|p)((?:[.-]?\d+)*))?(?:[.-]?(dev))?$/
const BRANCH = /^v?(\d+(?:\.(?:\d+|x|\*))*)\.(?:x|\*)-dev$/

function parseComposer(v: string): ComposerVersion | undefined {
  const s = v.trim().toLowerCase().replace(/\+.*$/, '')
  const branch = BRANCH.exec(s)
  if (branch) {
    const numbers = `${branch[1]}.x`.split('.').map((n) => (n === 'x' || n === '*' ? '9999999' : n))
    while (numbers.length < 4) numbers.push('9999999')
    return { numbers, stability: 0, stabilityNumbers: [], dev: false }
  }
  const m = PATTERN.exec(s)
  if (!m) return undefined
  const [, numbers, word, stabilityNumbers, dev] = m
  const stability = word ? (STABILITY[word] as number) : dev ? 0 : STABLE
  return {
    numbers: (numbers as string).split('.'),
    stability,
    stabilityNumbers: (stabilityNumbers ?? '').split(/[.-]/).filter(Boolean),
    dev: dev !== undefined && word !== undefined,
  }
}

function compareComposer(a: ComposerVersion, b: ComposerVersion): number {
  return (
    compareNumbers(a.numbers, b.numbers) ||
    a.stability - b.stability ||
    // as PHP's version_compare: part by part; when one runs out, the one with more numbers is higher
    compareIdentifiers(a.stabilityNumbers, b.stabilityNumbers, 'below') ||
    Number(b.dev) - Number(a.dev)
  )
}

export const composerScheme = parsedScheme({
  name: 'composer',
  parse: parseComposer,
  compare: compareComposer,
  isPrerelease: (p) => p.stability < STABLE,
})

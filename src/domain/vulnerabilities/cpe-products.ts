// purl2cpe's CPE lists → CPE products: each CPE with its version (field 5) and update (field 6) set to `*`,
// distinct, with how many versioned CPEs the source listed for the product. Fields are split honouring `\:`.
import { CPE23, cpeFields } from './cpe.ts'

const VERSION = 5
const UPDATE = 6
/** Version values that name no version (CPE 2.3 ANY and NA). */
const NO_VERSION = new Set(['*', '-', ''])

export interface CpeProducts {
  products: { cpe: string; versions: number }[]
  /** CPEs that are not CPE 2.3 formatted strings (skipped). */
  invalid: string[]
}

/** The product of one CPE (version and update as `*`), or undefined when it is not a formatted string. */
export function cpeProduct(cpe: string): { product: string; versioned: boolean } | undefined {
  const p = wildcarded(cpe)
  return p && CPE23.test(p.product) ? p : undefined
}

/** The distinct products of a CPE list (duplicates counted once), sorted by CPE. */
export function cpeProducts(cpes: Iterable<string>): CpeProducts {
  const counts = new Map<string, number>()
  const sources = new Map<string, string>()
  const invalid: string[] = []
  for (const cpe of new Set(cpes)) {
    const p = wildcarded(cpe)
    if (!p) {
      invalid.push(cpe)
      continue
    }
    counts.set(p.product, (counts.get(p.product) ?? 0) + (p.versioned ? 1 : 0))
    if (!sources.has(p.product)) sources.set(p.product, cpe)
  }
  const products: CpeProducts['products'] = []
  for (const [cpe, versions] of counts) {
    // The grammar is checked once per product: a product is as valid as the CPEs it came from, less version/update.
    if (CPE23.test(cpe)) products.push({ cpe, versions })
    else invalid.push(sources.get(cpe) as string)
  }
  products.sort((a, b) => (a.cpe < b.cpe ? -1 : a.cpe > b.cpe ? 1 : 0))
  return { products, invalid }
}

function wildcarded(cpe: string): { product: string; versioned: boolean } | undefined {
  const s = cpe.trim()
  if (!s.startsWith('cpe:2.3:')) return undefined
  if (!s.includes('\\')) {
    // Fast path without escapes: the separators are every `:`.
    const at: number[] = []
    for (let i = s.indexOf(':'); i !== -1 && at.length < 13; i = s.indexOf(':', i + 1)) at.push(i)
    if (at.length !== 12) return undefined
    const version = s.slice((at[VERSION - 1] as number) + 1, at[VERSION])
    const product = `${s.slice(0, (at[VERSION - 1] as number) + 1)}*:*${s.slice(at[UPDATE])}`
    return { product, versioned: !NO_VERSION.has(version) }
  }
  const f = cpeFields(s)
  if (f.length !== 13) return undefined
  const versioned = !NO_VERSION.has(f[VERSION] as string)
  f[VERSION] = '*'
  f[UPDATE] = '*'
  return { product: f.join(':'), versioned }
}

// DEP-5 license short names to SPDX (docs/debian.md, "Licenses from debian/copyright"). Names are case-insensitive.
//
// In order: (1) the aliases below: the spec's own keywords whose SPDX id differs (Expat → MIT, Perl, FreeBSD…) and
// spellings common in Debian's copyright files (MIT/X11, zlib/libpng, BSD-3, Boost, OpenLDAP-2.8…); (2) the GNU
// family (GPL, LGPL, AGPL, GFDL, GFDL-NIV, with or without '-', 'v' and '.0's): a version ending in '+' (or
// '-or-later') is -or-later, else -only; (3) any id of the SPDX list, as spelt there or not (BSD-3-clause,
// zlib, CC0-1.0), '+' kept as SPDX's or-later operator (MPL-1.1+); (4) a spec family with a version, trailing
// '.0's being equal (Apache-2 = Apache-2.0, CC-BY-SA-3 = CC-BY-SA-3.0). A family without a version means its
// lowest version, as the spec says, except where the license text with the name states the version (GNU grants,
// "Apache License, Version 2.0"): that is what it says. public-domain is not an SPDX license: it becomes
// LicenseRef-public-domain. Anything else is unknown (undefined).
import { spdxLicense } from '../../domain/licenses/spdx.ts'

/** A license expression: an id (SPDX or LicenseRef-), with an exception, or AND/OR of expressions. */
export type LicenseExpr = { id: string; exception?: string } | { op: 'AND' | 'OR'; args: LicenseExpr[] }

export const PUBLIC_DOMAIN = 'LicenseRef-public-domain'
/** Names that say public domain: public-domain-md5, Kuchling-PD, SDBM-PUBLIC-DOMAIN, PD-debian… */
const PUBLIC_DOMAIN_NAME = /^(?:.+[-_])?(?:pd|public[-_]?domain)(?:[-_].+)?$/

const ALIASES: Record<string, LicenseExpr> = {
  expat: { id: 'MIT' },
  'mit/x11': { id: 'MIT' },
  'x11/mit': { id: 'MIT' },
  'mit-x11': { id: 'MIT' },
  'mit/x': { id: 'MIT' },
  'zlib/libpng': { id: 'Zlib' },
  'public-domain': { id: PUBLIC_DOMAIN },
  public_domain: { id: PUBLIC_DOMAIN },
  pd: { id: PUBLIC_DOMAIN },
  perl: { op: 'OR', args: [{ id: 'Artistic-1.0-Perl' }, { id: 'GPL-1.0-or-later' }] },
  artistic: { id: 'Artistic-1.0-Perl' },
  'artistic-1': { id: 'Artistic-1.0-Perl' },
  'artistic-1.0': { id: 'Artistic-1.0-Perl' },
  freebsd: { id: 'BSD-2-Clause-Views' },
  'bsd-2': { id: 'BSD-2-Clause' },
  'bsd-3': { id: 'BSD-3-Clause' },
  'bsd-4': { id: 'BSD-4-Clause' },
  'python-cnri': { id: 'CNRI-Python' },
  'psf-2': { id: 'PSF-2.0' },
  boost: { id: 'BSL-1.0' },
  'boost-1.0': { id: 'BSL-1.0' },
  bsl: { id: 'BSL-1.0' },
  cc0: { id: 'CC0-1.0' },
  'openldap-2.8': { id: 'OLDAP-2.8' },
  // The Eclipse Distribution License 1.0 is the BSD-3-Clause text (SPDX has no id of its own for it).
  'edl-1': { id: 'BSD-3-Clause' },
  'edl-1.0': { id: 'BSD-3-Clause' },
}

/** Families of the spec (and a few more) whose SPDX ids are `<Family>-<version>`, with their lowest version. */
const FAMILIES: Record<string, { spdx: string; lowest: string }> = {
  apache: { spdx: 'Apache', lowest: '1.0' },
  artistic: { spdx: 'Artistic', lowest: '1.0' },
  'cc-by': { spdx: 'CC-BY', lowest: '1.0' },
  'cc-by-sa': { spdx: 'CC-BY-SA', lowest: '1.0' },
  'cc-by-nd': { spdx: 'CC-BY-ND', lowest: '1.0' },
  'cc-by-nc': { spdx: 'CC-BY-NC', lowest: '1.0' },
  'cc-by-nc-sa': { spdx: 'CC-BY-NC-SA', lowest: '1.0' },
  'cc-by-nc-nd': { spdx: 'CC-BY-NC-ND', lowest: '1.0' },
  cddl: { spdx: 'CDDL', lowest: '1.0' },
  cpl: { spdx: 'CPL', lowest: '1.0' },
  efl: { spdx: 'EFL', lowest: '1.0' },
  epl: { spdx: 'EPL', lowest: '1.0' },
  lppl: { spdx: 'LPPL', lowest: '1.0' },
  mpl: { spdx: 'MPL', lowest: '1.0' },
  ofl: { spdx: 'OFL', lowest: '1.0' },
  python: { spdx: 'Python', lowest: '2.0' },
  psf: { spdx: 'PSF', lowest: '2.0' },
  qpl: { spdx: 'QPL', lowest: '1.0' },
  zope: { spdx: 'ZPL', lowest: '1.1' },
  zpl: { spdx: 'ZPL', lowest: '1.1' },
}

/** Version statements in license texts, for a name given without a version. */
const STATED_VERSION: Record<string, RegExp> = {
  apache: /\bApache License,? Version (\d+(?:\.\d+)?)/i,
  mpl: /\bMozilla Public License,? (?:v\.? ?|version )?(\d+(?:\.\d+)?)/i,
}

const GNU = /^(agpl|lgpl|gpl|gfdl-niv|gfdl)(?:-?v?(\d+(?:\.\d+)*))?(\+|-or-later|-only)?(-no-invariants?)?$/
const GNU_VERSIONS: Record<string, string[]> = {
  GPL: ['1.0', '2.0', '3.0'],
  LGPL: ['2.0', '2.1', '3.0'],
  AGPL: ['3.0', '1.0'], // the FSF's AGPL is 3.0 (AGPL-1.0 is Affero's)
  GFDL: ['1.1', '1.2', '1.3'],
}

/** The SPDX expression of one DEP-5 short name (no spaces, no exception), or undefined when it is unknown. */
export function mapShortName(name: string, text = ''): LicenseExpr | undefined {
  const lower = name.trim().toLowerCase()
  const alias = ALIASES[lower]
  if (alias) return alias
  if (PUBLIC_DOMAIN_NAME.test(lower)) return { id: PUBLIC_DOMAIN }
  const gnu = GNU.exec(lower)
  if (gnu?.[4] && gnu[1] !== 'gfdl') return undefined
  if (gnu) return gnuLicense(gnu[4] ? 'gfdl-niv' : (gnu[1] as string), gnu[2], gnu[3], text)
  const plus = lower.endsWith('+')
  const bare = plus ? lower.slice(0, -1) : lower
  const exact = spdxLicense(bare)
  if (exact) return { id: `${exact.id}${plus ? '+' : ''}` }
  const versioned = /^(.*?)-?v?(\d+(?:\.\d+)*[a-z]?)$/.exec(bare)
  const family = FAMILIES[versioned ? (versioned[1] as string) : bare]
  if (!family) return undefined
  const version = versioned?.[2] ?? statedVersion(bare, text) ?? family.lowest
  for (const v of [version, `${version}.0`, trimZeros(version), `${trimZeros(version)}.0`]) {
    const id = spdxLicense(`${family.spdx}-${v}`)?.id
    if (id) return { id: `${id}${plus ? '+' : ''}` }
  }
  return undefined
}

function statedVersion(family: string, text: string): string | undefined {
  const re = STATED_VERSION[family]
  return re ? re.exec(text)?.[1] : undefined
}

const trimZeros = (v: string) => v.replace(/(?:\.0)+$/, '')

function gnuLicense(fam: string, version: string | undefined, suffix: string | undefined, text: string) {
  const niv = fam === 'gfdl-niv'
  const family = niv ? 'GFDL' : fam.toUpperCase()
  const grant = version ? undefined : gnuGrants(text).find((g) => g.family === family)
  const v = grant ? grant.version : version ? canonicalVersion(family, version) : GNU_VERSIONS[family]?.[0]
  // Without a version, the GNU licenses themselves say any version may be chosen: the lowest, or later.
  const later = grant ? grant.later : !version || suffix === '+' || suffix === '-or-later'
  if (!v) return undefined
  const id = `${family}-${v}${niv ? '-no-invariants' : ''}-${later ? 'or-later' : 'only'}`
  return spdxLicense(id) ? { id } : undefined
}

function canonicalVersion(family: string, version: string): string | undefined {
  const v = trimZeros(version)
  return GNU_VERSIONS[family]?.find((known) => trimZeros(known) === v)
}

export interface GnuGrant {
  family: 'GPL' | 'LGPL' | 'AGPL' | 'GFDL'
  /** As in SPDX ids: 2.0, 2.1, 1.3. */
  version: string
  later: boolean
  /** Where the grant starts in the whitespace-folded text. */
  index: number
}

const GRANT =
  /\bGNU (Affero |Lesser |Library |Free Documentation )?(?:General Public )?Licen[cs]e\b[^.]{0,160}?\bversion (\d(?:\.\d)?)\b(?: of the Licen[cs]e)?(,? (?:or|and\/or) \(?at your option\)? any later version|,? or any later version|,? or later|\+)?/gi

/** The GNU license grants of a text ("…GNU General Public License as published by the FSF; either version 2…"). */
export function gnuGrants(text: string): GnuGrant[] {
  const folded = text.replace(/\s+/g, ' ')
  const out: GnuGrant[] = []
  for (const m of folded.matchAll(GRANT)) {
    const kind = (m[1] ?? '').trim().toLowerCase()
    const family = kind === 'affero' ? 'AGPL' : kind === 'free documentation' ? 'GFDL' : kind ? 'LGPL' : 'GPL'
    const version = canonicalVersion(family, m[2] as string)
    if (version) out.push({ family, version, later: m[3] !== undefined, index: m.index })
  }
  return out
}

/** Which of SPDX's Autoconf exceptions a license text holds (Debian's "Autoconf" keyword is used for all four). */
function autoconfException(base: string, text: string, keyword: string): string | undefined {
  if (!base.startsWith('GPL-')) return undefined
  const t = text.replace(/\s+/g, ' ')
  if (/output of Autoconf when processing the Macro/i.test(t)) return 'Autoconf-exception-macro'
  if (/Autoconf Configure Script Exception/i.test(t)) return 'Autoconf-exception-3.0'
  if (/"data" portions/i.test(t)) return 'Autoconf-exception-2.0'
  const generic = /configuration script generated by Autoconf/i.test(t)
  if (!generic && keyword === 'autoconf-data') return 'Autoconf-exception-macro'
  return base.startsWith('GPL-3') && (!generic || /section 7/i.test(t))
    ? 'Autoconf-exception-generic-3.0'
    : 'Autoconf-exception-generic'
}

const GCC = (base: string) =>
  base.startsWith('GPL-3') ? 'GCC-exception-3.1' : base.startsWith('GPL-2') ? 'GCC-exception-2.0' : undefined
const BISON = (_: string, text: string) =>
  /version 1\.24 of Bison/i.test(text.replace(/\s+/g, ' ')) ? 'Bison-exception-1.24' : 'Bison-exception-2.2'

/** DEP-5 exception keywords (`with <keyword> exception`) to SPDX exception ids, by the license amended and its text. */
const EXCEPTIONS: Record<string, string | ((base: string, text: string, keyword: string) => string | undefined)> = {
  autoconf: autoconfException,
  'autoconf-data': autoconfException,
  bison: BISON,
  'bison-2.2': 'Bison-exception-2.2',
  libtool: 'Libtool-exception',
  'linux-syscall-note': 'Linux-syscall-note',
  texinfo: 'Texinfo-exception',
  classpath: 'Classpath-exception-2.0',
  gcc: GCC,
  'gcc-runtime': GCC,
  'gcc-runtime-3.1': 'GCC-exception-3.1',
  font: 'Font-exception-2.0',
  llvm: 'LLVM-exception',
}

/** The SPDX exception id for a DEP-5 exception keyword added to an SPDX license id, or undefined. */
export function mapException(keyword: string, base: string, text = ''): string | undefined {
  const key = keyword.trim().toLowerCase()
  const e = EXCEPTIONS[key]
  return typeof e === 'function' ? e(base, text, key) : e
}

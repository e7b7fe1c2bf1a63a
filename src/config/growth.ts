// The settings of what the KB learns by itself (docs/kb-growth.md): on-demand fetches of what requests name, and the
// freshness schedule (`compintel update`: registry metadata and the data feeds).

import type { SettingReaders } from './readers.ts'
import { parseRegistriesConfig, REGISTRY_SETTINGS, type RegistriesConfig } from './registries.ts'

export type OnDemandMode = 'off' | 'metadata' | 'analyze'

export interface GrowthConfig {
  /** off: answer from the KB only; metadata: fetch unknown packages' metadata; analyze: and analyze the versions asked. */
  onDemand: OnDemandMode
  /** How long a request waits for the work it started; what is not done by then is answered as before. */
  onDemandWaitMs: number
  /** Packages this process fetches at once for requests (0: none; a worker or another node takes them). */
  onDemandConcurrency: number
  /** A package that was fetched, or not found, is not fetched again for requests during this long. */
  onDemandNegativeTtlSeconds: number
  /** Fetches one API key (or one address without a key) may start per minute. */
  onDemandPerKeyPerMinute: number
  /** Versions whose unpacked size is above this are not analyzed on demand. */
  onDemandMaxUnpackedBytes: number
  /** A package that takes longer than this to fetch and analyze is given up (its unit fails, and may be retried). */
  onDemandTimeoutMs: number
  /** `compintel update` runs this often (the server on SQLite, `compintel worker` on PostgreSQL); 0 = never. */
  updateIntervalMs: number
  /** Packages whose metadata one update run re-reads at most. */
  updateMaxPackages: number
  /** Feeds downloaded by `compintel update`; empty = none of that kind. */
  feeds: { osv: string[]; epss: string[]; kev: string[]; purl2cpe: string[] }
  /** A feed download larger than this is refused. */
  feedMaxBytes: number
  /** Debian packages learned on demand and by queued units (docs/debian.md "On demand"). */
  debian: DebianConfig
  /** What compintel takes from npm registries and where it may connect (docs/security.md "Hostile registry"). */
  npm: RegistryLimits
  /** The PyPI and Cargo indexes a user configured and their bounds (config/registries.ts, docs/registries.md). */
  registries: RegistriesConfig
}

export interface DebianConfig {
  /** The private apt folder (sources/debian/apt.ts); undefined: `compintel-apt` in the user's cache folder. */
  aptDir: string | undefined
  /** The suites whose indexes are read (bookworm, trixie, …). */
  suites: string[]
  /** The indexes are fetched on the first Debian unit, then again for a unit once older than this (0: every unit). */
  indexTtlMs: number
  /** Overrides of the machine's Debian mirrors (sources/debian/mirror.ts); undefined: the machine's. */
  mirror: string | undefined
  securityMirror: string | undefined
  /** The mirrors are a local file: repository read without signatures (tests' FIXTURE repository). */
  trusted: boolean
}

export const GROWTH_SETTINGS = [
  'ON_DEMAND',
  'ON_DEMAND_WAIT_MS',
  'ON_DEMAND_CONCURRENCY',
  'ON_DEMAND_NEGATIVE_TTL',
  'ON_DEMAND_PER_KEY_PER_MINUTE',
  'ON_DEMAND_MAX_UNPACKED_MB',
  'ON_DEMAND_TIMEOUT_MS',
  'UPDATE_INTERVAL',
  'UPDATE_MAX_PACKAGES',
  'FEED_OSV_URLS',
  'FEED_EPSS_URL',
  'FEED_KEV_URL',
  'FEED_PURL2CPE_URL',
  'FEED_MAX_MB',
  'DEBIAN_APT_DIR',
  'DEBIAN_SUITES',
  'DEBIAN_INDEX_TTL',
  'DEBIAN_MIRROR',
  'DEBIAN_SECURITY_MIRROR',
  'DEBIAN_MIRROR_TRUSTED',
  'NPM_MAX_PACKUMENT_MB',
  'NPM_MAX_TARBALL_MB',
  'NPM_TARBALL_ORIGINS',
  'NPM_ALLOW_PRIVATE_ADDRESSES',
  'NPM_CACHE_DIR',
  'NPM_CACHE_MAX_MB',
  ...REGISTRY_SETTINGS,
] as const

/** OSV's export of every npm advisory, FIRST's EPSS scores of the day and CISA's KEV catalogue (docs/kb-growth.md). */
const DEFAULT_OSV_FEEDS = ['https://osv-vulnerabilities.storage.googleapis.com/npm/all.zip']
const DEFAULT_EPSS_FEED = 'https://epss.empiricalsecurity.com/epss_scores-current.csv.gz'
const DEFAULT_KEV_FEED = 'https://www.cisa.gov/sites/default/files/feeds/known_exploited_vulnerabilities.json'

const MODES: OnDemandMode[] = ['off', 'metadata', 'analyze']
const MB = 1024 * 1024
const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }

export function parseGrowthConfig(readers: SettingReaders): GrowthConfig {
  const { src, problems, int } = readers
  const mode = (src.ON_DEMAND ?? 'analyze').toLowerCase() as OnDemandMode
  if (!MODES.includes(mode)) problems.push(`ON_DEMAND: expected off, metadata or analyze, got "${src.ON_DEMAND}"`)
  return {
    onDemand: MODES.includes(mode) ? mode : 'analyze',
    onDemandWaitMs: int('ON_DEMAND_WAIT_MS', 2500, 0, 60_000),
    onDemandConcurrency: int('ON_DEMAND_CONCURRENCY', 2, 0, 64),
    onDemandNegativeTtlSeconds: duration(src, 'ON_DEMAND_NEGATIVE_TTL', '1h', problems) / 1000,
    onDemandPerKeyPerMinute: int('ON_DEMAND_PER_KEY_PER_MINUTE', 120, 0, 1_000_000),
    onDemandMaxUnpackedBytes: int('ON_DEMAND_MAX_UNPACKED_MB', 256, 1, 65_536) * 1024 * 1024,
    onDemandTimeoutMs: int('ON_DEMAND_TIMEOUT_MS', 120_000, 1000, 3_600_000),
    updateIntervalMs: duration(src, 'UPDATE_INTERVAL', '24h', problems),
    updateMaxPackages: int('UPDATE_MAX_PACKAGES', 5000, 0, 10_000_000),
    feeds: {
      osv: urls(src, 'FEED_OSV_URLS', DEFAULT_OSV_FEEDS, problems),
      epss: urls(src, 'FEED_EPSS_URL', [DEFAULT_EPSS_FEED], problems),
      kev: urls(src, 'FEED_KEV_URL', [DEFAULT_KEV_FEED], problems),
      purl2cpe: urls(src, 'FEED_PURL2CPE_URL', [], problems),
    },
    feedMaxBytes: int('FEED_MAX_MB', 1024, 1, 65_536) * 1024 * 1024,
    debian: parseDebianConfig(readers),
    npm: parseNpmLimits(readers),
    registries: parseRegistriesConfig(readers),
  }
}

function parseNpmLimits({ src, problems, int, bool }: SettingReaders): RegistryLimits {
  const origins = (src.NPM_TARBALL_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '')
  for (const o of origins)
    if (!/^https?:\/\//.test(o) || !URL.canParse(o) || new URL(o).origin !== o.replace(/\/$/, ''))
      problems.push(`NPM_TARBALL_ORIGINS: expected origins such as https://cdn.example.com, got "${o}"`)
  return {
    maxPackumentBytes: int('NPM_MAX_PACKUMENT_MB', 128, 1, 4096) * MB,
    maxTarballBytes: int('NPM_MAX_TARBALL_MB', 256, 1, 65_536) * MB,
    tarballOrigins: origins.filter((o) => URL.canParse(o)).map((o) => new URL(o).origin),
    privateAddresses: bool('NPM_ALLOW_PRIVATE_ADDRESSES', false),
    cacheDir: src.NPM_CACHE_DIR || undefined,
    cacheMaxBytes: int('NPM_CACHE_MAX_MB', 512, 1, 1_048_576) * MB,
  }
}

function parseDebianConfig({ src, problems, bool }: SettingReaders): DebianConfig {
  const suites = (src.DEBIAN_SUITES ?? 'bookworm').split(',').map((s) => s.trim())
  for (const s of suites)
    if (!/^[a-z]+$/.test(s)) problems.push(`DEBIAN_SUITES: expected codenames such as bookworm,trixie, got "${s}"`)
  const mirror = (name: string) => {
    const uri = src[name]?.trim() || undefined
    if (uri && (!/^(https?|file):/.test(uri) || !URL.canParse(uri)))
      problems.push(`${name}: expected an http(s) or file: URL, got "${uri}"`)
    return uri
  }
  const d = {
    aptDir: src.DEBIAN_APT_DIR || undefined,
    suites,
    indexTtlMs: duration(src, 'DEBIAN_INDEX_TTL', '6h', problems),
    mirror: mirror('DEBIAN_MIRROR'),
    securityMirror: mirror('DEBIAN_SECURITY_MIRROR'),
    trusted: bool('DEBIAN_MIRROR_TRUSTED', false),
  }
  // apt.ts refuses it too: a network mirror is always verified against its keyring
  if (d.trusted && ![d.mirror, d.securityMirror].every((uri) => uri?.startsWith('file:')))
    problems.push(
      'DEBIAN_MIRROR_TRUSTED: only a local repository is read unsigned: set DEBIAN_MIRROR and DEBIAN_SECURITY_MIRROR to file: URLs',
    )
  return d
}

/** `30s`, `15m`, `6h`, `1d` (or plain seconds); `off` or `0` = 0. */
function duration(src: Record<string, string | undefined>, name: string, def: string, problems: string[]): number {
  const raw = (src[name] ?? def).trim().toLowerCase()
  if (raw === 'off' || raw === '0') return 0
  const m = /^(\d{1,9})(s|m|h|d)?$/.exec(raw)
  if (!m) {
    problems.push(`${name}: expected a duration such as 30s, 15m, 6h or 1d (or off), got "${src[name]}"`)
    return 0
  }
  return Number(m[1]) * (UNITS[m[2] ?? 's'] as number)
}

/** Comma-separated http(s) URLs; `none` = no feed of that kind. */
function urls(src: Record<string, string | undefined>, name: string, def: string[], problems: string[]): string[] {
  const raw = src[name]
  if (raw === undefined) return def
  if (raw.trim().toLowerCase() === 'none') return []
  const list = raw
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean)
  for (const u of list)
    if (!/^https?:\/\//.test(u) || !URL.canParse(u)) problems.push(`${name}: expected http(s) URLs, got "${u}"`)
  return list
}

/** The bounds of what compintel takes from an npm registry (docs/security.md "Hostile registry"). */
export interface RegistryLimits {
  /** A packument larger than this is refused while it downloads (NPM_MAX_PACKUMENT_MB). */
  maxPackumentBytes: number
  /** A tarball download larger than this is refused while it downloads (NPM_MAX_TARBALL_MB). */
  maxTarballBytes: number
  /** Origins besides the registries' own that tarballs and redirects may name (NPM_TARBALL_ORIGINS). */
  tarballOrigins: string[]
  /** Those origins may resolve to loopback, private or link-local addresses (NPM_ALLOW_PRIVATE_ADDRESSES). */
  privateAddresses: boolean
  /** compintel's own packument cache (NPM_CACHE_DIR); undefined: `compintel-npm` in the user's cache folder. */
  cacheDir: string | undefined
  /** The cache is cut back to this size, oldest entries first (NPM_CACHE_MAX_MB). */
  cacheMaxBytes: number
}

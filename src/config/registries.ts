// The settings of the PyPI and Cargo indexes, the Go module proxies and the Maven repository a user configured
// (docs/registries.md): compintel's own index URLs over pip's, Cargo's, the go command's and Maven's configuration,
// the other origins their files may come from, and the bounds of what is read.

import type { SettingReaders } from './readers.ts'

/** What compintel takes from one kind of package index and where it may connect. */
export interface IndexLimits {
  /** The index URL over the tool's own configuration (PYPI_INDEX_URL, CARGO_INDEX_URL); undefined: the tool's. */
  indexUrl: string | undefined
  /** Origins besides the index's own that artifact URLs and redirects may name, reached without credentials. */
  fileOrigins: string[]
  /** Those origins may resolve to loopback, private or link-local addresses (shared with npm's setting). */
  privateAddresses: boolean
  /** A metadata document (Simple page, JSON API document, index file) larger than this is refused. */
  maxDocumentBytes: number
  /** An artifact (wheel, sdist, .crate) larger than this is refused while it downloads. */
  maxArtifactBytes: number
  /** One exchange (a document, or an artifact's whole download) ends after this long. */
  timeoutMs: number
  /** compintel's own cache of revalidated documents; undefined: `compintel-<kind>` in the user's cache folder. */
  cacheDir: string | undefined
  cacheMaxBytes: number
}

/** A Go module proxy's bounds: `maxArtifactBytes` is a module zip's (the go command's: 500 MiB). */
export interface GoProxyLimits extends IndexLimits {
  /** A version's go.mod (`.mod`) larger than this is refused (the go command's limit: 16 MiB). */
  maxModBytes: number
}

/** A Maven repository's bounds: `maxDocumentBytes` bounds maven-metadata.xml, `maxArtifactBytes` a jar. */
export interface MavenLimits extends IndexLimits {
  /** Maven's `-s`: the user settings file read instead of ~/.m2/settings.xml (MAVEN_SETTINGS). */
  settingsFile: string | undefined
  /** A POM larger than this is refused. */
  maxPomBytes: number
}

export interface RegistriesConfig {
  pypi: IndexLimits
  cargo: IndexLimits
  golang: GoProxyLimits
  maven: MavenLimits
}

export const REGISTRY_SETTINGS = [
  'PYPI_INDEX_URL',
  'PYPI_FILE_ORIGINS',
  'CARGO_INDEX_URL',
  'CARGO_DL_ORIGINS',
  'GOLANG_PROXY_URL',
  'GOLANG_FILE_ORIGINS',
  'GOLANG_MAX_ZIP_MB',
  'GOLANG_MAX_MOD_MB',
  'MAVEN_REPOSITORY_URL',
  'MAVEN_SETTINGS',
  'MAVEN_FILE_ORIGINS',
  'MAVEN_MAX_POM_MB',
  'MAVEN_MAX_METADATA_MB',
  'MAVEN_MAX_JAR_MB',
  'INDEX_MAX_DOCUMENT_MB',
  'INDEX_MAX_ARTIFACT_MB',
  'INDEX_TIMEOUT_MS',
] as const

const MB = 1024 * 1024

/** The defaults, for the commands and tests that build a client without a configuration. */
export function defaultIndexLimits(): IndexLimits {
  return {
    indexUrl: undefined,
    fileOrigins: [],
    privateAddresses: false,
    maxDocumentBytes: 64 * MB,
    maxArtifactBytes: 256 * MB,
    timeoutMs: 300_000,
    cacheDir: undefined,
    cacheMaxBytes: 256 * MB,
  }
}

/** The Maven defaults: a POM 4 MiB, maven-metadata.xml 8 MiB, a jar 256 MiB. */
export function defaultMavenLimits(): MavenLimits {
  return {
    ...defaultIndexLimits(),
    maxDocumentBytes: 8 * MB,
    maxArtifactBytes: 256 * MB,
    settingsFile: undefined,
    maxPomBytes: 4 * MB,
  }
}

export function parseRegistriesConfig(readers: SettingReaders): RegistriesConfig {
  const { int, bool } = readers
  const shared = {
    ...defaultIndexLimits(),
    privateAddresses: bool('NPM_ALLOW_PRIVATE_ADDRESSES', false),
    maxDocumentBytes: int('INDEX_MAX_DOCUMENT_MB', 64, 1, 4096) * MB,
    maxArtifactBytes: int('INDEX_MAX_ARTIFACT_MB', 256, 1, 65_536) * MB,
    timeoutMs: int('INDEX_TIMEOUT_MS', 300_000, 1000, 3_600_000),
  }
  return {
    pypi: {
      ...shared,
      indexUrl: indexUrl(readers, 'PYPI_INDEX_URL', /^https?:\/\//),
      fileOrigins: origins(readers, 'PYPI_FILE_ORIGINS'),
    },
    cargo: {
      ...shared,
      indexUrl: indexUrl(readers, 'CARGO_INDEX_URL', /^(sparse\+)?https?:\/\//),
      fileOrigins: origins(readers, 'CARGO_DL_ORIGINS'),
    },
    golang: {
      ...shared,
      indexUrl: goproxyList(readers),
      fileOrigins: origins(readers, 'GOLANG_FILE_ORIGINS'),
      maxArtifactBytes: int('GOLANG_MAX_ZIP_MB', 128, 1, 500) * MB,
      maxModBytes: int('GOLANG_MAX_MOD_MB', 4, 1, 16) * MB,
    },
    maven: {
      ...shared,
      indexUrl: indexUrl(readers, 'MAVEN_REPOSITORY_URL', /^https?:\/\//),
      fileOrigins: origins(readers, 'MAVEN_FILE_ORIGINS'),
      settingsFile: readers.src.MAVEN_SETTINGS?.trim() || undefined,
      maxPomBytes: int('MAVEN_MAX_POM_MB', 4, 1, 1024) * MB,
      maxDocumentBytes: int('MAVEN_MAX_METADATA_MB', 8, 1, 4096) * MB,
      maxArtifactBytes: int('MAVEN_MAX_JAR_MB', 256, 1, 65_536) * MB,
    },
  }
}

/**
 * GOLANG_PROXY_URL: a GOPROXY list (proxy URLs — a bare host taken as https, as the go command takes it —, `direct`,
 * `off`, separated by `,` or `|`).
 */
function goproxyList({ src, problems }: SettingReaders): string | undefined {
  const raw = src.GOLANG_PROXY_URL?.trim()
  if (!raw) return undefined
  const url = (e: string) => (e.includes(':/') ? e : `https://${e}`)
  const bad = raw
    .split(/[,|]/)
    .map((e) => e.trim())
    .find((e) => e !== '' && e !== 'direct' && e !== 'off' && !(/^https?:\/\//.test(url(e)) && URL.canParse(url(e))))
  if (bad === undefined) return raw
  problems.push(
    `GOLANG_PROXY_URL: expected a GOPROXY list such as https://goproxy.example.com, got "${bad.replace(/\/\/[^/@]*@/, '//…@')}"`,
  )
  return undefined
}

function indexUrl({ src, problems }: SettingReaders, name: string, form: RegExp): string | undefined {
  const raw = src[name]?.trim()
  if (!raw) return undefined
  if (!form.test(raw) || !URL.canParse(raw.replace(/^sparse\+/, ''))) {
    problems.push(
      `${name}: expected an index URL such as ${form.source.includes('sparse') ? 'sparse+' : ''}https://index.example.com/…, got "${raw}"`,
    )
    return undefined
  }
  return raw
}

function origins({ src, problems }: SettingReaders, name: string): string[] {
  const list = (src[name] ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '')
  const ok: string[] = []
  for (const o of list)
    if (!/^https?:\/\//.test(o) || !URL.canParse(o) || new URL(o).origin !== o.replace(/\/$/, ''))
      problems.push(`${name}: expected origins such as https://files.example.com, got "${o}"`)
    else ok.push(new URL(o).origin)
  return ok
}

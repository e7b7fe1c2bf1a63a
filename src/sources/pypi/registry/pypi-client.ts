// A PyPI index the user configured (pip-config.ts), over HTTP under compintel's outbound rules: the Simple API
// (PEP 691 JSON asked first, PEP 503 HTML taken when that is all the index serves), the JSON API beside it
// (pip-config.ts jsonApiBase), and distributions (wheels, sdists) checked against the sha256 the index published.
// Every request goes through ingest/outbound (checked URLs and redirects, bounded bodies, a deadline); credentials go
// only to the configured indexes' own origins; other origins (a files host) only when the operator allowed them
// (PYPI_FILE_ORIGINS), without credentials. Documents are revalidated against compintel's own bounded cache.
import type { Readable } from 'node:stream'
import { defaultIndexLimits, type IndexLimits } from '../../../config/registries.ts'
import { pep503 } from '../../../domain/shared/purl.ts'
import { excerpt, UpstreamRefused } from '../../../ingest/failure.ts'
import type { GetOptions, NetworkOptions } from '../../../ingest/outbound/guarded-get.ts'
import { indexDocument } from '../../../ingest/outbound/index-document.ts'
import type { OutboundPolicy } from '../../../ingest/outbound/policy.ts'
import { withVerifiedDownload } from '../../../ingest/outbound/verified-download.ts'
import { PackumentCache } from '../../npm/packument-cache.ts'
import { PackageNotFound } from '../../npm/registry.ts'
import { defaultCacheDir } from '../../npm/registry-limits.ts'
import { jsonApiBase, type PypiIndex, type PypiIndexConfig } from './pip-config.ts'
import { isPypiName } from './pypi-name.ts'
import { parseSimpleHtml, parseSimpleJson, SIMPLE_JSON, type SimpleFile, type SimpleProject } from './simple-api.ts'

/** PEP 691's content negotiation: the JSON form preferred, HTML accepted from an index that has no other. */
const SIMPLE_ACCEPT = `${SIMPLE_JSON}, application/vnd.pypi.simple.v1+html;q=0.2, text/html;q=0.01`

export class PypiRegistryClient {
  private readonly indexes: PypiIndex[]
  private readonly policy: OutboundPolicy
  private readonly cache: PackumentCache
  private maintained: Promise<unknown> | undefined

  constructor(
    config: PypiIndexConfig,
    private readonly limits: IndexLimits = defaultIndexLimits(),
    private readonly network: NetworkOptions = {},
  ) {
    this.indexes = [config.index, ...config.extra]
    this.policy = {
      registries: new Set(this.indexes.map((i) => new URL(i.url).origin)),
      allowed: new Set(limits.fileOrigins),
      privateAddresses: limits.privateAddresses,
    }
    this.cache = new PackumentCache(limits.cacheDir ?? defaultCacheDir('compintel-pypi'), limits.cacheMaxBytes)
  }

  /**
   * The project's Simple API page: every configured index's files together, as pip gathers its candidates (the
   * index's, then each extra index's). PackageNotFound when no index has it.
   */
  async simpleProject(name: string, signal?: AbortSignal): Promise<SimpleProject> {
    const project = checkName(name)
    const pages: SimpleProject[] = []
    for (const index of this.indexes) {
      const url = `${index.url}${project}/`
      const doc = await this.document(url, index, `the Simple API page of ${project}`, signal, SIMPLE_ACCEPT)
      if (doc === undefined) continue
      const text = doc.body.toString('utf8')
      // a revalidated page's type is not cached: its first character tells (a JSON page is an object)
      const type =
        doc.contentType?.split(';')[0]?.trim().toLowerCase() ?? (/^\s*\{/.test(text) ? SIMPLE_JSON : 'text/html')
      pages.push(type === SIMPLE_JSON ? parseSimpleJson(text, name, url) : parseSimpleHtml(text, name, url))
    }
    const [first, ...rest] = pages
    if (!first) throw new PackageNotFound(name)
    for (const page of rest) {
      first.files.push(...page.files)
      first.versions = [...new Set([...first.versions, ...page.versions])]
    }
    return first
  }

  /** The JSON API's project document (`pypi/<name>/json`) from the first index that has one; map it with map-pypi-json.ts. */
  projectJson(name: string, signal?: AbortSignal): Promise<Buffer> {
    return this.json(checkName(name), 'json', signal)
  }

  /** One release's JSON API document (`pypi/<name>/<version>/json`). */
  releaseJson(name: string, version: string, signal?: AbortSignal): Promise<Buffer> {
    if (!/^[A-Za-z0-9._+!-]{1,128}$/.test(version))
      throw new UpstreamRefused('protocol', `"${excerpt(version, 40)}" is not a version PyPI could hold`)
    return this.json(checkName(name), `${encodeURIComponent(version)}/json`, signal)
  }

  /**
   * Streams a distribution into `consume`; its result once the file matched the sha256 the index published.
   * PackageNotFound when the file is gone; UpstreamRefused('integrity') without a sha256 or on a mismatch.
   */
  async withArtifact<T>(file: SimpleFile, consume: (s: Readable) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const origin = new URL(file.url).origin
    const index = this.indexes.find((i) => new URL(i.url).origin === origin)
    const got = await withVerifiedDownload(file.url, file.sha256 ?? '', consume, {
      ...this.options(index, `the distribution ${file.filename}`, signal),
      max: this.limits.maxArtifactBytes,
    })
    if (!got) throw new PackageNotFound(file.filename)
    return got.result
  }

  private async json(project: string, tail: string, signal?: AbortSignal): Promise<Buffer> {
    for (const index of this.indexes) {
      const base = jsonApiBase(index.url)
      if (!base) continue
      const doc = await this.document(
        `${base}pypi/${project}/${tail}`,
        index,
        `the JSON API document of ${project}`,
        signal,
      )
      if (doc) return doc.body
    }
    throw new PackageNotFound(project)
  }

  /** A document's body, or undefined when the index does not have it (404, 410). */
  private async document(
    url: string,
    index: PypiIndex,
    what: string,
    signal?: AbortSignal,
    accept = 'application/json',
  ) {
    this.maintained ??= this.cache.maintain()
    await this.maintained
    const doc = await indexDocument(url, {
      ...this.options(index, what, signal),
      accept,
      cache: this.cache,
      key: `${accept}\n${url}`,
    })
    if (doc.status === 404 || doc.status === 410) return undefined
    if (doc.status !== 200)
      throw new UpstreamRefused('protocol', `${what}: the index answered ${doc.status} (are its credentials right?)`)
    return doc
  }

  private options(index: PypiIndex | undefined, what: string, signal?: AbortSignal): GetOptions {
    return {
      policy: this.policy,
      what,
      max: this.limits.maxDocumentBytes,
      timeoutMs: this.limits.timeoutMs,
      authorization: index?.credential?.header(),
      proxy: this.network.proxy,
      noProxy: this.network.noProxy,
      signal,
    }
  }
}

/** The name as the index's URLs spell it (PEP 503), or a refusal for a name no project can have. */
function checkName(name: string): string {
  if (!isPypiName(name)) throw new UpstreamRefused('protocol', `"${excerpt(name, 80)}" is not a PyPI project name`)
  return pep503(name)
}

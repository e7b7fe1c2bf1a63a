// `compintel update` (and its schedule): keeps the KB fresh. (1) Re-reads the registry metadata of known npm packages,
// never checked or longest unchecked first and the most popular first among those, adding new versions and marking
// unpublished and deprecated ones (conditional requests through npm's cache: an unchanged packument costs a 304).
// (2) Downloads each configured data feed with a conditional GET and, when it changed and passed its checks, ingests
// it through the same loaders as `compintel ingest osv|epss|purl2cpe`. Each source's last success and failure are
// recorded (table feeds) and shown by `compintel status` and in `status.db.sources`. docs/kb-growth.md.
import type { GrowthConfig } from '../config/growth.ts'
import type { AdvisoryWriter } from '../domain/vulnerabilities/types.ts'
import { DEFAULT_ANALYZERS } from '../ingest/analyzers/index.ts'
import { ingestEpss } from '../sources/epss/epss.ts'
import type { NpmRegistry } from '../sources/npm/registry.ts'
import { runIngest } from '../sources/npm/run-ingest.ts'
import { ingestOsv } from '../sources/osv/ingest-osv.ts'
import { ingestPurl2Cpe } from '../sources/purl2cpe/purl2cpe.ts'
import { SqlAdvisoryWriter } from '../storage/advisory-writer.ts'
import type { Storage } from '../storage/database.ts'
import { SqlFeedStore } from '../storage/feed-store.ts'
import { pruneChanges } from '../storage/kb-changes.ts'
import { SqlKbWriter } from '../storage/kb-writer.ts'
import { refreshPopularityExclusive } from '../storage/popularity.ts'
import { packagesToCheck, recordChecks } from '../storage/registry-checks.ts'
import { downloadFeed } from './download.ts'

const METADATA_SOURCE = 'npm-registry'

type FeedKind = 'osv' | 'epss' | 'purl2cpe'

interface FeedOutcome {
  name: string
  url: string
  result: 'ingested' | 'not-modified' | 'failed'
  records?: number
  error?: string
}

export interface UpdateReport {
  metadata: { checked: number; changed: number; notFound: number; failed: number }
  feeds: FeedOutcome[]
}

export interface UpdateDeps {
  storage: Storage
  registry: NpmRegistry
  growth: Pick<GrowthConfig, 'updateMaxPackages' | 'feeds' | 'feedMaxBytes'>
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void }
  now?: () => string
}

const LOADERS: Record<
  FeedKind,
  (
    file: string,
    w: AdvisoryWriter,
    o: { source: string; now(): string },
  ) => Promise<{
    written: number
    unchanged: number
  }>
> = {
  osv: (file, w, o) => ingestOsv([file], w, o),
  epss: ingestEpss,
  purl2cpe: ingestPurl2Cpe,
}

export async function runUpdate(deps: UpdateDeps, what: { metadata: boolean; feeds: boolean }): Promise<UpdateReport> {
  const report: UpdateReport = { metadata: { checked: 0, changed: 0, notFound: 0, failed: 0 }, feeds: [] }
  if (what.metadata) report.metadata = await refreshMetadata(deps)
  if (what.feeds)
    for (const kind of ['osv', 'epss', 'purl2cpe'] as const)
      for (const url of deps.growth.feeds[kind]) report.feeds.push(await updateFeed(deps, kind, url))
  return report
}

async function refreshMetadata(deps: UpdateDeps): Promise<UpdateReport['metadata']> {
  const { storage, log } = deps
  const now = deps.now ?? (() => new Date().toISOString())
  const store = new SqlFeedStore(storage.db)
  const due = await packagesToCheck(storage.db, deps.growth.updateMaxPackages)
  if (due.length === 0) return { checked: 0, changed: 0, notFound: 0, failed: 0 }
  const started = now()
  const summary = await runIngest(
    due.map((p) => p.name),
    deps.registry,
    new SqlKbWriter(storage),
    { versions: 'all', analyze: 'none', analyzers: DEFAULT_ANALYZERS, dryRun: false, now, concurrency: 4 },
  )
  const failed = new Set(summary.failed.map((f) => f.name))
  await recordChecks(
    storage.db,
    due.filter((p) => !failed.has(p.name)).map((p) => p.id),
    started,
  )
  await refreshPopularityExclusive(storage.db, storage.dialect)
  await pruneChanges(storage.db)
  const result = {
    checked: due.length - failed.size,
    changed: summary.changedPackages,
    notFound: summary.notFound.length,
    failed: failed.size,
  }
  if (failed.size > 0) await store.failed(METADATA_SOURCE, '', now(), `${failed.size} package(s) failed`)
  else await store.checked(METADATA_SOURCE, '', started)
  log.info(result, 'registry metadata refreshed')
  return result
}

/** The feed's name: `osv:<ecosystem>` for OSV's `<ecosystem>/all.zip`, else the kind (`epss`, `purl2cpe`). */
function feedName(kind: FeedKind, url: string): string {
  if (kind !== 'osv') return kind
  const parts = new URL(url).pathname.split('/').filter(Boolean)
  const stem = parts.length >= 2 && /^all\.zip$/i.test(parts.at(-1) ?? '') ? parts.at(-2) : parts.at(-1)
  return `osv:${decodeURIComponent(stem ?? 'feed').replace(/\.(zip|json|ndjson)(\.gz)?$/i, '')}`
}

async function updateFeed(deps: UpdateDeps, kind: FeedKind, url: string): Promise<FeedOutcome> {
  const now = deps.now ?? (() => new Date().toISOString())
  const store = new SqlFeedStore(deps.storage.db)
  const name = feedName(kind, url)
  const previous = await store.get(name)
  const validators =
    previous?.url === url
      ? { etag: previous.etag, lastModified: previous.last_modified }
      : { etag: null, lastModified: null }
  try {
    const d = await downloadFeed(url, validators, { maxBytes: deps.growth.feedMaxBytes })
    if (d.status === 'not-modified') {
      await store.checked(name, url, now())
      deps.log.info({ feed: name }, 'feed not modified')
      return { name, url, result: 'not-modified' }
    }
    try {
      const r = await LOADERS[kind](d.file, new SqlAdvisoryWriter(deps.storage), { source: name, now })
      await store.checked(name, url, now(), { validators: d.validators, bytes: d.bytes })
      deps.log.info({ feed: name, bytes: d.bytes, written: r.written, unchanged: r.unchanged }, 'feed ingested')
      return { name, url, result: 'ingested', records: r.written + r.unchanged }
    } finally {
      d.cleanup()
    }
  } catch (err) {
    const error = (err as Error).message
    await store.failed(name, url, now(), error)
    deps.log.warn({ feed: name, err: error }, 'feed update failed; the KB keeps what it had')
    return { name, url, result: 'failed', error }
  }
}

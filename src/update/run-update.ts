// `compintel update` (and its schedule): keeps the KB fresh. (1) Re-reads the registry metadata of known npm packages,
// never checked or longest unchecked first and the most popular first among those, adding new versions and marking
// unpublished and deprecated ones (conditional requests through npm's cache: an unchanged packument costs a 304).
// (2) Downloads each configured data feed with a conditional GET and, when it changed and passed its checks, ingests
// it through the same loaders as `compintel ingest osv|epss|kev|purl2cpe`. Both go by the table of sources/index.ts (a
// package source's `refresh`, each FeedSource's `load`). Each source's last success and failure are
// recorded (table feeds) and shown by `compintel status` and in `status.db.sources`. docs/kb-growth.md.
import type { GrowthConfig } from '../config/growth.ts'
import { FEED_SOURCES, PACKAGE_SOURCES } from '../sources/index.ts'
import type { FeedSource, PackageSource } from '../sources/source.ts'
import { SqlAdvisoryWriter } from '../storage/advisory-writer.ts'
import type { Storage } from '../storage/database.ts'
import { SqlFeedStore } from '../storage/feed-store.ts'
import { pruneChanges } from '../storage/kb-changes.ts'
import { SqlKbWriter } from '../storage/kb-writer.ts'
import { refreshPopularityExclusive } from '../storage/popularity.ts'
import { packagesToCheck, recordChecks } from '../storage/registry-checks.ts'
import { downloadFeed } from './download.ts'

interface FeedOutcome {
  name: string
  url: string
  result: 'ingested' | 'not-modified' | 'failed'
  records?: number
  error?: string
}

export interface UpdateReport {
  metadata: { checked: number; changed: number; notFound: number; failed: number }
  /** The package sources whose refresh has nowhere to read from (no registry configured): skipped, nothing recorded. */
  notConfigured: string[]
  feeds: FeedOutcome[]
}

export interface UpdateDeps {
  storage: Storage
  /** The registry clients' options over the user's configuration (tests: a fixture registry on 127.0.0.1). */
  registry: Record<string, unknown>
  growth: GrowthConfig
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void }
  now?: () => string
}

export async function runUpdate(deps: UpdateDeps, what: { metadata: boolean; feeds: boolean }): Promise<UpdateReport> {
  const report: UpdateReport = {
    metadata: { checked: 0, changed: 0, notFound: 0, failed: 0 },
    notConfigured: [],
    feeds: [],
  }
  if (what.metadata)
    for (const source of PACKAGE_SOURCES) {
      if (source.refresh?.enabled && !source.refresh.enabled(deps.growth)) {
        report.notConfigured.push(source.source)
        deps.log.info({ source: source.source }, 'registry metadata not refreshed: not configured')
        continue
      }
      const m = await refreshMetadata(deps, source)
      for (const k of ['checked', 'changed', 'notFound', 'failed'] as const) report.metadata[k] += m[k]
    }
  if (what.feeds)
    for (const feed of FEED_SOURCES)
      for (const url of deps.growth.feeds[feed.kind]) report.feeds.push(await updateFeed(deps, feed, url))
  return report
}

/** One package source's known packages re-read (the most overdue first, at most UPDATE_MAX_PACKAGES). */
async function refreshMetadata(deps: UpdateDeps, source: PackageSource): Promise<UpdateReport['metadata']> {
  const { storage, log } = deps
  const refresh = source.refresh
  const now = deps.now ?? (() => new Date().toISOString())
  const store = new SqlFeedStore(storage.db)
  const due = refresh ? await packagesToCheck(storage.db, refresh.purlType, deps.growth.updateMaxPackages) : []
  if (!refresh || due.length === 0) return { checked: 0, changed: 0, notFound: 0, failed: 0 }
  const started = now()
  const names = due.map((p) => refresh.nameOfPurl?.(p.purl) ?? p.name)
  const r = await refresh.run(names, {
    growth: deps.growth,
    writer: new SqlKbWriter(storage),
    registry: deps.registry,
    now,
  })
  const failed = new Set(r.failed)
  await recordChecks(
    storage.db,
    due.filter((_, i) => !failed.has(names[i] ?? '')).map((p) => p.id),
    started,
  )
  await refreshPopularityExclusive(storage.db, storage.dialect)
  await pruneChanges(storage.db)
  const result = {
    checked: due.length - failed.size,
    changed: r.changed,
    notFound: r.notFound.length,
    failed: failed.size,
  }
  if (failed.size > 0) await store.failed(refresh.feed, '', now(), `${failed.size} package(s) failed`)
  else await store.checked(refresh.feed, '', started)
  log.info({ ...result, source: source.source }, 'registry metadata refreshed')
  return result
}

/** The feed's name: `osv:<ecosystem>` for OSV's `<ecosystem>/all.zip`, else the kind (`epss`, `kev`, `purl2cpe`). */
function feedName(kind: FeedSource['kind'], url: string): string {
  if (kind !== 'osv') return kind
  const parts = new URL(url).pathname.split('/').filter(Boolean)
  const stem = parts.length >= 2 && /^all\.zip$/i.test(parts.at(-1) ?? '') ? parts.at(-2) : parts.at(-1)
  return `osv:${decodeURIComponent(stem ?? 'feed').replace(/\.(zip|json|ndjson)(\.gz)?$/i, '')}`
}

async function updateFeed(deps: UpdateDeps, feed: FeedSource, url: string): Promise<FeedOutcome> {
  const now = deps.now ?? (() => new Date().toISOString())
  const store = new SqlFeedStore(deps.storage.db)
  const name = feedName(feed.kind, url)
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
      const r = await feed.load([d.file], new SqlAdvisoryWriter(deps.storage), { source: name, now })
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

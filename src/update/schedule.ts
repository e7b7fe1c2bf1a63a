// The update schedule: every UPDATE_INTERVAL one process runs `compintel update` (registry metadata and feeds). On
// SQLite the server runs it; on PostgreSQL every `compintel worker` looks, and the claim of the `update` row (one
// statement) lets one of them run each due update. The first start only starts the clock: a fresh install is not
// refreshed before it has served for one interval (run `compintel update` for that).
import { setTimeout as sleep } from 'node:timers/promises'
import type { GrowthConfig } from '../config/growth.ts'
import type { UpdateCounts } from '../domain/kb/types.ts'
import type { Storage } from '../storage/database.ts'
import { SqlFeedStore } from '../storage/feed-store.ts'
import { runUpdate, type UpdateDeps } from './run-update.ts'

export interface UpdateSchedule {
  counts: UpdateCounts
  stop(): Promise<void>
}

const RUN = 'update'

export function startUpdateSchedule(
  storage: Storage,
  growth: GrowthConfig,
  /** The registry clients' options over the user's configuration (tests: a fixture registry on 127.0.0.1). */
  registry: Record<string, unknown>,
  log: UpdateDeps['log'],
): UpdateSchedule | undefined {
  const interval = growth.updateIntervalMs
  if (interval <= 0) return undefined
  const counts: UpdateCounts = { runs: 0, feedsIngested: 0, feedsNotModified: 0, feedsFailed: 0 }
  const store = new SqlFeedStore(storage.db)
  let running: Promise<void> | undefined
  const tick = () => {
    running ??= (async () => {
      try {
        if (!(await store.claimRun(RUN, interval))) return
        log.info({ intervalMs: interval }, 'update due: refreshing registry metadata and feeds')
        const report = await runUpdate({ storage, registry, growth, log }, { metadata: true, feeds: true })
        counts.runs++
        for (const f of report.feeds)
          if (f.result === 'ingested') counts.feedsIngested++
          else if (f.result === 'not-modified') counts.feedsNotModified++
          else counts.feedsFailed++
      } catch (err) {
        log.warn({ err: (err as Error).message }, 'update failed; the next is due after the interval')
      } finally {
        running = undefined
      }
    })()
  }
  const timer = setInterval(tick, Math.min(interval, 60_000))
  timer.unref()
  setImmediate(tick)
  return {
    counts,
    /** No further runs; a run under way gets a few seconds (it is idempotent: the next one finishes its work). */
    stop: async () => {
      clearInterval(timer)
      if (running) await Promise.race([running, sleep(5000)])
    },
  }
}

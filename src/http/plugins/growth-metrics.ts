// /metrics counters of what the KB learns by itself: on-demand fetches, joins, skips and waits (how many ended in
// time and how many hit ON_DEMAND_WAIT_MS), and the update schedule's runs and feed outcomes. Read at scrape time.
import { Counter, type Registry } from 'prom-client'
import type { UpdateCounts } from '../../domain/kb/types.ts'
import type { OnDemandCounts } from '../../domain/on-demand/types.ts'

export interface GrowthCounts {
  onDemand?: OnDemandCounts
  update?: UpdateCounts
}

export function registerGrowthMetrics(registry: Registry, growth: GrowthCounts): void {
  const counter = (name: string, help: string, labelName: string, read: () => Record<string, number>) => {
    const seen = new Map<string, number>()
    new Counter({
      name,
      help,
      labelNames: [labelName],
      registers: [registry],
      collect() {
        for (const [label, value] of Object.entries(read())) {
          this.inc({ [labelName]: label }, value - (seen.get(label) ?? 0))
          seen.set(label, value)
        }
      },
    })
  }
  const od = growth.onDemand
  if (od) {
    counter('compintel_on_demand_packages_total', 'Packages requests lacked, by what happened', 'result', () => ({
      queued: od.requested,
      joined: od.joined,
      skipped_recent: od.skipped,
      over_budget: od.overBudget,
    }))
    counter(
      'compintel_on_demand_waits_total',
      'Requests that waited for on-demand work, by how it ended',
      'result',
      () => ({
        done: od.waitsDone,
        budget_hit: od.waitsAtBudget,
      }),
    )
  }
  const up = growth.update
  if (up)
    counter('compintel_update_feed_runs_total', 'Feed checks of the update schedule, by result', 'result', () => ({
      ingested: up.feedsIngested,
      not_modified: up.feedsNotModified,
      failed: up.feedsFailed,
    }))
}

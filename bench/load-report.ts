// The load test's figures: per request class (and per endpoint) count, throughput, p50/p99/max latency, non-2xx
// and errors; the server's memory at the start (after warm-up) and end of the measured run with its slope, the CPU
// share it used, and how busy the whole machine was (PostgreSQL's work and the neighbours' show only there).
import { readFileSync } from 'node:fs'
import type { Outcome } from './load-driver.ts'
import type { ServerSample } from './load-server.ts'
import { percentile } from './scenario.ts'

export interface ClassStats {
  name: string
  count: number
  rps: number
  p50: number
  p99: number
  max: number
  non2xx: number
  errors: number
  timeouts: number
}

/** Stats of `outcomes` grouped by `by`, plus an "all" row; `seconds`: the measured span, for the throughput. */
export function statsBy(outcomes: readonly Outcome[], by: (o: Outcome) => string, seconds: number): ClassStats[] {
  const groups = new Map<string, Outcome[]>()
  for (const o of outcomes) {
    const k = by(o)
    const g = groups.get(k)
    if (g) g.push(o)
    else groups.set(k, [o])
  }
  const rows = [...groups.keys()].sort().map((k) => stats(k, groups.get(k) as Outcome[], seconds))
  return [...rows, stats('all', [...outcomes], seconds)]
}

function stats(name: string, list: Outcome[], seconds: number): ClassStats {
  const answered = list.filter((o) => !o.error).map((o) => o.ms)
  answered.sort((a, b) => a - b)
  return {
    name,
    count: list.length,
    rps: list.length / seconds,
    p50: answered.length ? percentile(answered, 50) : Number.NaN,
    p99: answered.length ? percentile(answered, 99) : Number.NaN,
    max: answered.length ? (answered[answered.length - 1] as number) : Number.NaN,
    non2xx: list.filter((o) => !o.error && (o.status < 200 || o.status > 299)).length,
    errors: list.filter((o) => o.error && o.error !== 'timeout').length,
    timeouts: list.filter((o) => o.error === 'timeout').length,
  }
}

export const statsRows = (rows: ClassStats[]) =>
  rows.map((r) => ({
    class: r.name,
    requests: r.count,
    'req/s': Number(r.rps.toFixed(2)),
    'p50 ms': Number(r.p50.toFixed(1)),
    'p99 ms': Number(r.p99.toFixed(1)),
    'max ms': Number(r.max.toFixed(0)),
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  }))

export interface MemoryTrend {
  /** Means of the first and last minute's samples (a quarter of them on a run under four minutes): one sample
   *  lands anywhere on the garbage collector's sawtooth, a minute of them does not. */
  startMiB: number
  endMiB: number
  minMiB: number
  maxMiB: number
  /** Least-squares slope over the measured run, MiB per minute. */
  slopeMiBPerMin: number
}

const MiB = 2 ** 20

export function trend(samples: readonly ServerSample[], value: (s: ServerSample) => number): MemoryTrend {
  const xs = samples.map((s) => s.at / 60)
  const ys = samples.map((s) => value(s) / MiB)
  const n = ys.length
  const mx = xs.reduce((a, b) => a + b, 0) / n
  const my = ys.reduce((a, b) => a + b, 0) / n
  let num = 0
  let den = 0
  for (let i = 0; i < n; i++) {
    num += ((xs[i] as number) - mx) * ((ys[i] as number) - my)
    den += ((xs[i] as number) - mx) ** 2
  }
  const span = (xs[n - 1] as number) - (xs[0] as number)
  const edge = span >= 4 ? 1 : span / 4 // minutes
  const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / Math.max(1, list.length)
  const first = ys.filter((_, i) => (xs[i] as number) <= (xs[0] as number) + edge)
  const last = ys.filter((_, i) => (xs[i] as number) >= (xs[n - 1] as number) - edge)
  return {
    startMiB: mean(first),
    endMiB: mean(last),
    minMiB: Math.min(...ys),
    maxMiB: Math.max(...ys),
    slopeMiBPerMin: den > 0 ? num / den : 0,
  }
}

export interface ServerUse {
  rss: MemoryTrend
  heap: MemoryTrend
  /** CPU seconds per wall second over the measured run (1 = one core busy). */
  cpu: number
  maxLagP99Ms: number
  maxLagMs: number
}

export function serverUse(samples: readonly ServerSample[]): ServerUse | undefined {
  const first = samples[0]
  const last = samples[samples.length - 1]
  if (!first || !last || samples.length < 2) return undefined
  return {
    rss: trend(samples, (s) => s.rssBytes),
    heap: trend(samples, (s) => s.heapUsedBytes),
    cpu: (last.cpuSeconds - first.cpuSeconds) / (last.at - first.at),
    maxLagP99Ms: Math.max(...samples.map((s) => s.lagP99 * 1000)),
    maxLagMs: Math.max(...samples.map((s) => s.lagMax * 1000)),
  }
}

export const memoryRows = (u: ServerUse) =>
  (['rss', 'heap'] as const).map((k) => ({
    memory: k === 'rss' ? 'RSS' : 'heap used',
    'start MiB': Number(u[k].startMiB.toFixed(1)),
    'end MiB': Number(u[k].endMiB.toFixed(1)),
    'min MiB': Number(u[k].minMiB.toFixed(1)),
    'max MiB': Number(u[k].maxMiB.toFixed(1)),
    'slope MiB/min': Number(u[k].slopeMiBPerMin.toFixed(2)),
  }))

/** Busy and total jiffies of all CPUs from /proc/stat (Linux); undefined elsewhere. */
export function machineCpu(): { busy: number; total: number; cores: number } | undefined {
  try {
    const text = readFileSync('/proc/stat', 'utf8')
    const f = (text.split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number)
    const total = f.slice(0, 8).reduce((a, b) => a + b, 0)
    const idle = (f[3] ?? 0) + (f[4] ?? 0)
    return { busy: total - idle, total, cores: (text.match(/^cpu\d+ /gm) ?? []).length }
  } catch {
    return undefined
  }
}

/** The machine's busy share between two machineCpu() readings, in cores (2 = both cores of a 2-core machine). */
export function busyCores(a: ReturnType<typeof machineCpu>, b: ReturnType<typeof machineCpu>): number | undefined {
  if (!a || !b || b.total === a.total) return undefined
  return ((b.busy - a.busy) / (b.total - a.total)) * b.cores
}

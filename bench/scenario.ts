// What each bench scenario hands `npm run bench` (bench/run.ts): its headline figures, each a time (ms) or a rate
// (something per second) so run.ts can set it against the bare-Fastify baseline measured in the same run, or
// "other" (accuracy, memory, a ratio of its own) that no baseline makes comparable. Every scenario module exports a
// function returning these figures and stays runnable alone (isMain), printing what it always printed.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'

/** time: a duration in ms (or s when the unit says so); rate: anything per second; other: no ratio. */
export type FigureKind = 'time' | 'rate' | 'other'

export interface Figure {
  figure: string
  value: number
  unit: string
  kind: FigureKind
  /** The figure shows a failure (errors under load): run.ts marks it and exits non-zero. */
  bad?: boolean
}

/** Where a scenario prints its own tables: the console when run alone, nowhere (or the console) under run.ts. */
export interface Out {
  log(...args: unknown[]): void
  table(rows: unknown[]): void
}

export const CONSOLE: Out = { log: (...a) => console.log(...a), table: (rows) => console.table(rows) }
export const QUIET: Out = { log: () => {}, table: () => {} }

export const time = (figure: string, ms: number): Figure => ({ figure, value: ms, unit: 'ms', kind: 'time' })
export const rate = (figure: string, value: number, unit: string): Figure => ({ figure, value, unit, kind: 'rate' })
export const other = (figure: string, value: number, unit: string): Figure => ({ figure, value, unit, kind: 'other' })

/** True when `url` (a module's import.meta.url) is the script node was started with. */
export function isMain(url: string): boolean {
  const script = process.argv[1]
  return script !== undefined && url === pathToFileURL(path.resolve(script)).href
}

/** The p-th percentile (0-100) of ascending `sorted`, nearest rank. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] as number
}

/** Sorted durations (ms) of sequential runs of `fn` after `warmup` unmeasured ones, bounded in time and count. */
export async function timedRuns(
  fn: () => Promise<unknown>,
  { seconds, max, warmup }: { seconds: number; max: number; warmup: number },
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn()
  const times: number[] = []
  const deadline = performance.now() + seconds * 1000
  while (times.length < max && performance.now() < deadline) {
    const t0 = performance.now()
    await fn()
    times.push(performance.now() - t0)
  }
  return times.sort((a, b) => a - b)
}

/** The --seconds and --max options of the HTTP benches (bounded: 120 s and 2,000 requests per case at most). */
export function secondsAndMax(defaults: { seconds: number; max: number }): { seconds: number; max: number } {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: String(defaults.seconds) },
      max: { type: 'string', default: String(defaults.max) },
    },
  })
  return {
    seconds: Math.min(Number(values.seconds) || defaults.seconds, 120),
    max: Math.min(Number(values.max) || defaults.max, 2000),
  }
}

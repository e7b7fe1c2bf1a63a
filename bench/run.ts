// On-demand benchmarks: npm run bench [-- --scenario NAME]... [--list] [--verbose] [--markdown] [--duration 5]
// [--connections 50]. Never in CI; 127.0.0.1 only; every scenario bounded (bench/scenarios.ts). Prints one table of
// every scenario's headline figures, each set against the bare-Fastify baseline measured in the same run, because
// this machine is noisy and shared and only ratios carry over from one machine to another:
//   a time (ms)           ÷ L0, the baseline's median latency of one request at a time (how many bare requests long)
//   a rate (per second)   ÷ T0, the baseline's requests per second under load (so MB/s ÷ T0 = MB per bare request)
// Accuracy, memory and other figures get no ratio. The baseline is measured before and after the scenarios; their
// mean is used and the drift is printed. Exits non-zero when a scenario failed or a figure shows errors.
import { parseArgs } from 'node:util'
import { type Measured, measureBaseline } from './baseline.ts'
import { CONSOLE, type Figure, QUIET } from './scenario.ts'
import { SCENARIOS } from './scenarios.ts'

const { values } = parseArgs({
  options: {
    scenario: { type: 'string', multiple: true },
    list: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    markdown: { type: 'boolean', default: false },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
  },
})
if (values.list) {
  for (const s of SCENARIOS) console.log(`${s.name.padEnd(22)} ${s.measures}`)
  process.exit(0)
}
const unknown = (values.scenario ?? []).filter((n) => !SCENARIOS.some((s) => s.name === n))
if (unknown.length > 0) {
  console.error(`unknown scenario(s) ${unknown.join(', ')}; --list shows them`)
  process.exit(2)
}
const bounds = {
  seconds: Math.min(Math.max(Number(values.duration) || 5, 1), 60),
  connections: Math.min(Math.max(Number(values.connections) || 50, 1), 500),
}
const chosen = SCENARIOS.filter((s) => !values.scenario || values.scenario.includes(s.name))
const out = values.verbose ? CONSOLE : QUIET

const started = performance.now()
console.log(
  `bench: ${chosen.map((s) => s.name).join(', ')}; baseline ${bounds.seconds} s at ${bounds.connections} connections`,
)
const before = await measureBaseline(bounds)
type Row = { scenario: string; seconds: number; figures: Figure[]; failed?: string }
const rows: Row[] = []
for (const s of chosen) {
  console.log(`… ${s.name}`)
  const t0 = performance.now()
  try {
    const figures = await s.run(out, bounds)
    rows.push({ scenario: s.name, seconds: (performance.now() - t0) / 1000, figures })
  } catch (err) {
    rows.push({
      scenario: s.name,
      seconds: (performance.now() - t0) / 1000,
      figures: [],
      failed: (err as Error).message,
    })
  }
}
const after = await measureBaseline(bounds)
const L0 = (before.latencyMs + after.latencyMs) / 2
const T0 = (before.rps + after.rps) / 2

const fmt = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(0) : Math.abs(x) >= 10 ? x.toFixed(1) : x.toPrecision(3))
const ms = (f: Figure) => (f.unit === 's' ? f.value * 1000 : f.value)
const ratio = (f: Figure) =>
  f.kind === 'time' ? `${fmt(ms(f) / L0)} L0` : f.kind === 'rate' ? `${fmt(f.value / T0)} T0` : ''
const table: string[][] = [['scenario', 'figure', 'value', 'unit', 'ratio']]
const baselineRow = (label: string, m: Measured) => [
  ['baseline', `${label}: one request at a time, median (L0)`, fmt(m.latencyMs), 'ms', ''],
  ['baseline', `${label}: throughput, ${bounds.connections} connections (T0)`, fmt(m.rps), 'req/s', ''],
]
table.push(...baselineRow('before', before))
for (const r of rows) {
  if (r.failed) table.push([r.scenario, `FAILED: ${r.failed.split('\n')[0]?.slice(0, 100)}`, '', '', ''])
  for (const f of r.figures)
    table.push([r.scenario, `${f.bad ? 'FAILED: ' : ''}${f.figure}`, fmt(f.value), f.unit, ratio(f)])
}
table.push(...baselineRow('after', after))
print(table, values.markdown === true)
const drift = Math.abs(after.rps - before.rps) / T0
console.log(
  `L0 = ${L0.toFixed(3)} ms and T0 = ${Math.round(T0)} req/s (mean of before and after; throughput drift ${(drift * 100).toFixed(0)}%` +
    `${drift > 0.2 ? ': the machine was busy, compare ratios with care' : ''}); whole run ${((performance.now() - started) / 1000).toFixed(0)} s`,
)
console.log(`per scenario: ${rows.map((r) => `${r.scenario} ${r.seconds.toFixed(0)} s`).join(', ')}`)
if (before.errors + after.errors > 0) console.log(`the baseline had ${before.errors + after.errors} errors`)
process.exitCode = rows.some((r) => r.failed || r.figures.some((f) => f.bad)) ? 1 : 0

function print(t: string[][], markdown: boolean) {
  if (markdown) {
    const line = (cells: string[]) => `| ${cells.join(' | ')} |`
    console.log([line(t[0] as string[]), line(['---', '---', '--:', '---', '--:']), ...t.slice(1).map(line)].join('\n'))
    return
  }
  const widths = (t[0] as string[]).map((_, i) => Math.max(...t.map((r) => (r[i] ?? '').length)))
  const right = new Set([2, 4])
  for (const r of t)
    console.log(r.map((c, i) => (right.has(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join('  '))
}

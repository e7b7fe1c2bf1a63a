// Every scenario `npm run bench` runs, in order, each with brief bounds so the whole run takes a few minutes (run a
// script alone, with its own defaults, for the fuller figures of docs/). Helpers that are not scenarios:
// seeded-kb.ts and seeded-pg.ts (the seeded KB), tarball-cache.ts (real tarballs), scenario.ts, the load-*.ts parts of load.ts,
// scan-corpus.ts and scan-cases.ts (what the engine-scan benches index and scan).
import { analyzersBench } from './analyzers.ts'
import { echoBench } from './baseline.ts'
import { cryptoBatchBench, cryptoBench } from './crypto.ts'
import { dependenciesBench } from './dependencies.ts'
import { explorerBench } from './explorer.ts'
import { folderHashAccuracyBench } from './folder-hash-accuracy.ts'
import { folderHashPrecisionBench } from './folder-hash-precision.ts'
import { folderHashSpeedBench } from './folder-hash-speed.ts'
import { licensesBench } from './licenses.ts'
import { DEFAULT_RATE, loadTest } from './load.ts'
import type { Backend } from './load-server.ts'
import { requestPathBench } from './request-path.ts'
import { sbomBench } from './sbom.ts'
import { scanAccuracyBench } from './scan-accuracy.ts'
import { scanSpeedBench } from './scan-speed.ts'
import type { Figure, Out } from './scenario.ts'
import { searchBench } from './search.ts'
import { seedLoadBench } from './seed-load.ts'
import { semgrepBatchBench, semgrepBench } from './semgrep.ts'
import { vulnerabilitiesBench } from './vulnerabilities.ts'

export interface BenchScenario {
  name: string
  /** What it measures, for --list. */
  measures: string
  run(out: Out, bounds: { seconds: number; connections: number }): Promise<Figure[]>
}

export const SCENARIOS: BenchScenario[] = [
  {
    name: 'echo',
    measures: "compintel's whole request path (auth, limits, validation, metrics) on POST /v2/components/echo",
    run: (out, bounds) => echoBench(out, bounds),
  },
  {
    name: 'request-path',
    measures: 'GET /health, an authenticated echo, a single-component GET cached and not, on the seeded KB, over HTTP',
    run: async (out, bounds) => (await requestPathBench(out, bounds)).figures,
  },
  {
    name: 'search',
    measures: 'GET /v2/components/search, eight kinds of query, in-process',
    run: (out) => searchBench(out, { runs: 30 }),
  },
  {
    name: 'licenses',
    measures: 'POST /v2/licenses/components, 100 and 1,000 seed components, over HTTP',
    run: (out) => licensesBench(out, { seconds: 2, max: 20 }),
  },
  {
    name: 'vulnerabilities',
    measures: 'POST /v2/vulnerabilities/components, 100 and 1,000 seed components, in-process',
    run: (out) => vulnerabilitiesBench(out, { runs: 10 }),
  },
  {
    name: 'dependencies',
    measures: 'POST /v2/dependencies/transitive/components (depth 3), 100 and 1,000 components, over HTTP',
    run: (out) => dependenciesBench(out, { seconds: 1, max: 8 }),
  },
  {
    name: 'crypto',
    measures: 'keyword detection over 5 real tarballs (CPU time), and the 1,000-component algorithms batch',
    run: (out) => cryptoBench(out, { rounds: 1, runs: 10 }),
  },
  {
    name: 'semgrep',
    measures: 'rules engine over 10 analyzed seed tarballs (CPU time), and the 1,000-component issues batch',
    run: (out) => semgrepBench(out, { tarballs: 10, rounds: 1, runs: 10 }),
  },
  {
    name: 'sbom',
    measures: 'POST /v2/sbom/enrich, a CycloneDX BOM of 100 and 1,000 seed components, each output format, over HTTP',
    run: (out) => sbomBench(out, { seconds: 2, max: 10 }),
  },
  {
    name: 'explorer',
    measures: "the explorer's first page, and every request of a component page for three seed components, over HTTP",
    run: (out) => explorerBench(out, { seconds: 2, max: 10 }),
  },
  {
    name: 'batches-postgres',
    measures:
      'the five batch figures above (licenses to semgrep) on a seeded PostgreSQL KB, when BENCH_DATABASE_URL is set',
    run: async (out) => {
      const postgresUrl = process.env.BENCH_DATABASE_URL
      if (!postgresUrl) return []
      const o = { postgresUrl }
      const areas: [string, () => Promise<Figure[]>][] = [
        ['licenses', () => licensesBench(out, { seconds: 2, max: 20, ...o })],
        ['vulnerabilities', () => vulnerabilitiesBench(out, { runs: 10, ...o })],
        ['dependencies', () => dependenciesBench(out, { seconds: 1, max: 8, ...o })],
        ['crypto', () => cryptoBatchBench(out, { runs: 10, ...o })],
        ['semgrep', () => semgrepBatchBench(out, { runs: 10, ...o })],
      ]
      const figures: Figure[] = []
      for (const [area, run] of areas)
        for (const f of await run()) figures.push({ ...f, figure: `${area} on PostgreSQL: ${f.figure}` })
      return figures
    },
  },
  {
    name: 'analyzers',
    // the analyzers its target (20 MB/s per core, docs/analyzers.md) is about; semgrep and crypto have their own
    measures: 'tarball walk + code statistics + license files over 4 real tarballs (CPU time)',
    run: (out) =>
      analyzersBench(out, {
        tarballs: ['lodash@4.17.21', 'express@4.21.2', 'rxjs@7.8.1', 'zod@3.23.8'],
        analyzers: ['code-stats', 'license-files'],
        rounds: 1,
      }),
  },
  {
    name: 'folder-hash-speed',
    measures: 'a 1,000-folder scan against 20,000 then 200,000 indexed folders (generated beyond the seed)',
    run: (out) => folderHashSpeedBench(out, { base: 20_000, growth: 10, runs: 10 }),
  },
  {
    name: 'folder-hash-accuracy',
    measures: '12 seed versions unpacked, hashed and scanned: is the right package and version found (no ratio)',
    run: (out) => folderHashAccuracyBench(out, { count: 12 }),
  },
  {
    name: 'folder-hash-precision',
    measures:
      "this checkout's node_modules and a project of 24 seed versions + 3 unknown packages, depth 3/4 (no ratio)",
    run: (out) => folderHashPrecisionBench(out),
  },
  {
    name: 'scan-speed',
    measures:
      'POST /scan/direct: a 1,000-file WFP of node_modules, the seeded index + 60 packages, then tenfold (generated)',
    run: (out) => scanSpeedBench(out, { packages: 60, files: 1000, growth: 10, runs: 5 }),
  },
  {
    name: 'scan-accuracy',
    measures: '200 real files of 200 indexed seed packages (exact, 10% changed, fragments), 300 generated: no ratio',
    run: (out) => scanAccuracyBench(out, { packages: 200, files: 200 }),
  },
  {
    name: 'seed-load',
    measures: 'the shipped seed into an empty SQLite KB (and PostgreSQL when BENCH_DATABASE_URL is set)',
    run: (out) => seedLoadBench(out),
  },
  {
    name: 'load',
    measures: `the load test's mixed workload at ${DEFAULT_RATE} req/s for 20 s on SQLite, and on PostgreSQL when BENCH_DATABASE_URL is set (bench/load.ts runs 5 minutes)`,
    run: async (out) => {
      const databaseUrl = process.env.BENCH_DATABASE_URL
      const backends: Backend[] = databaseUrl ? ['sqlite', 'postgres'] : ['sqlite']
      const options = { backends, seconds: 20, warmup: 5, connections: 64, seed: 1, databaseUrl }
      return (await loadTest(out, { ...options, rate: DEFAULT_RATE })).figures
    },
  },
]

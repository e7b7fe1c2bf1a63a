// Keeps the Dockerfile and compose.yaml honest without a container engine (CI has none): the image is one stage on a
// Node LTS slim image that compiles nothing and ends as a non-root user, its health check asks a real public route, and compose runs what
// test/multi-node.test.ts runs with local processes: two API nodes on one PostgreSQL and one Redis with the same
// variables, every one a setting src/config/config.ts knows, plus a worker. scripts/container-check.sh builds and runs it.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { after, before, test } from 'node:test'
import { promisify } from 'node:util'
import { parse } from 'yaml'
import { parseConfig, SETTINGS } from '../src/config/config.ts'
import { makeTestApp, type TestApp } from './helpers/app.ts'

type Instruction = { op: string; args: string }
type Service = {
  image?: string
  build?: unknown
  command?: string[]
  environment?: Record<string, string>
  depends_on?: Record<string, { condition?: string }>
  ports?: string[]
  stop_grace_period?: string
  profiles?: string[]
}

/** Dockerfile instructions, continuation lines joined and comments dropped. */
function instructions(text: string): Instruction[] {
  const joined = text
    .split('\n')
    .filter((l) => !/^\s*#/.test(l))
    .join('\n')
    .replace(/\\\n/g, ' ')
  return joined
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const [, op = '', args = ''] = /^\s*(\S+)\s*(.*)$/.exec(l) ?? []
      return { op: op.toUpperCase(), args: args.trim() }
    })
}

const dockerfile = instructions(readFileSync('Dockerfile', 'utf8'))
const stages = dockerfile.reduce<Instruction[][]>((acc, i) => {
  if (i.op === 'FROM') acc.push([])
  acc.at(-1)?.push(i)
  return acc
}, [])
const runtime = stages.at(-1) ?? []
const compose = parse(readFileSync('compose.yaml', 'utf8')) as { services: Record<string, Service> }
const services = Object.entries(compose.services)
const apiImage = services.find(([, s]) => s.build !== undefined)?.[1].image
const ours = services.filter(([, s]) => s.image === apiImage)
const apis = ours.filter(([, s]) => s.command?.[0] === 'serve' && !s.profiles)
const workers = ours.filter(([, s]) => s.command?.[0] === 'worker')

let t: TestApp
before(async () => {
  t = await makeTestApp()
})
after(() => t.close())

test('the Dockerfile builds on a Node LTS slim image, compiles nothing and ends as a non-root user', () => {
  assert.equal(stages.length, 1, 'one stage: nothing is compiled, so there is no build stage to leave behind')
  const base = runtime[0]?.args ?? ''
  assert.match(base, /^node:(24|26)-[a-z]+-slim$/, 'a supported Node LTS line (package.json engines)')
  const user = runtime.filter((i) => i.op === 'USER').at(-1)?.args
  assert.ok(user, 'the image sets USER')
  assert.ok(!/^(root|0)(:|$)/.test(user), `USER ${user} is not root`)
  const has = (op: string, args: RegExp) => runtime.some((i) => i.op === op && args.test(i.args))
  assert.ok(!has('RUN', /apt-get install/), 'no compilers or other system packages')
  assert.ok(has('RUN', /npm ci --omit=dev --ignore-scripts/), 'production dependencies only, their prebuilt binaries')
  assert.ok(has('RUN', /require\('better-sqlite3'\)/), 'the build fails when a prebuilt binary does not load')
  const userAt = runtime.findIndex((i) => i.op === 'USER')
  assert.ok(runtime.findIndex((i) => i.op === 'RUN' && /npm ci/.test(i.args)) < userAt, 'installed as root, run as not')
  assert.ok(has('COPY', /^data\s/), 'the seed is in the image')
  const ignored = readFileSync('.dockerignore', 'utf8').split('\n')
  for (const kept of ['data', 'data/seed', 'src', 'bin']) assert.ok(!ignored.includes(kept), `${kept} in the context`)
  for (const left of ['node_modules', '.git', '.env']) assert.ok(ignored.includes(left), `${left} stays out`)
  assert.deepEqual(runtime.find((i) => i.op === 'STOPSIGNAL')?.args, 'SIGTERM')
})

test('runtime ENV and EXPOSE agree with the configuration', () => {
  const env = Object.fromEntries(
    runtime
      .filter((i) => i.op === 'ENV')
      .flatMap((i) => [...i.args.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1] as string, m[2] as string])),
  )
  for (const name of Object.keys(env))
    assert.ok(name === 'NODE_ENV' || (SETTINGS as readonly string[]).includes(name), `${name} is a setting`)
  assert.equal(runtime.find((i) => i.op === 'EXPOSE')?.args, env.PORT)
  assert.equal(parseConfig(env).host, '0.0.0.0', 'reachable from outside the container')
})

test('the HEALTHCHECK asks a public GET route that answers 200 on a ready server', async () => {
  const hc = runtime.find((i) => i.op === 'HEALTHCHECK')
  assert.ok(hc, 'the runtime stage has a HEALTHCHECK')
  const argv = JSON.parse(hc.args.slice(hc.args.indexOf('CMD') + 3)) as string[]
  assert.equal(argv[0], 'node', 'exec form with node: no shell, no curl')
  assert.ok(argv[1] && existsSync(argv[1]), `${argv[1]} exists`)
  const route = argv[2] ?? ''
  const entry = t.app.routeTable.find((r) => r.method === 'GET' && r.url === route)
  assert.ok(entry?.public, `${route} is a public GET route`)
  assert.equal((await t.app.inject({ method: 'GET', url: route })).statusCode, 200)

  // The command itself, as the engine runs it: 0 against a listening server, 1 when nothing answers.
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = t.app.server.address() as { port: number }
  const check = (p: number) =>
    promisify(execFile)(process.execPath, argv.slice(1), { env: { ...process.env, HOST: '0.0.0.0', PORT: String(p) } })
  await check(port)
  await t.app.close()
  await assert.rejects(check(port), (err: { code?: number }) => err.code === 1)
})

test('compose: PostgreSQL, Redis, two API nodes and a worker, with the variables the multi-node test uses', () => {
  const names = services.map(([n]) => n)
  const postgres = services.find(([, s]) => s.image?.startsWith('postgres:'))?.[0]
  const redis = services.find(([, s]) => s.image?.startsWith('redis:'))?.[0]
  assert.ok(postgres && redis, `postgres and redis among ${names.join(', ')}`)
  assert.equal(apis.length, 2, 'two API nodes')
  assert.equal(workers.length, 1, 'one worker')

  // The variables multi-node.test.ts gives each `compintel serve` process.
  const source = readFileSync('test/multi-node.test.ts', 'utf8')
  const block = /const env = \{([\s\S]*?)\n {2}\}/.exec(source)?.[1] ?? ''
  const testVars = [...block.matchAll(/^\s+([A-Z_]+):/gm)].map((m) => m[1]).sort()
  assert.ok(testVars.includes('DATABASE_URL') && testVars.includes('REDIS_URL'), 'found the test environment')
  for (const [name, s] of apis) {
    assert.deepEqual(Object.keys(s.environment ?? {}).sort(), testVars, `${name}: the test's variables`)
    assert.deepEqual(s.environment, apis[0]?.[1].environment, `${name}: the same environment as the other node`)
    const env = s.environment ?? {}
    assert.equal(new URL(interpolate(env.DATABASE_URL)).hostname, postgres)
    assert.equal(new URL(interpolate(env.REDIS_URL)).hostname, redis)
    assert.equal(s.ports?.[0]?.split(':').at(-1), env.PORT, `${name} publishes its PORT`)
    for (const dep of [postgres, redis]) assert.equal(s.depends_on?.[dep]?.condition, 'service_healthy')
    assert.ok(Number.parseInt(s.stop_grace_period ?? '10', 10) > 10, 'longer than SHUTDOWN_TIMEOUT_MS to drain')
  }
  const waits = workers[0]?.[1].depends_on ?? {}
  assert.ok(
    apis.some(([n]) => waits[n]?.condition === 'service_healthy'),
    'worker after migrations',
  )
})

test('compose: every variable given to compintel is a setting src/config/config.ts accepts, and no secret is in it', () => {
  for (const [name, s] of ours) {
    const env = s.environment ?? {}
    for (const v of Object.keys(env))
      assert.ok((SETTINGS as readonly string[]).includes(v), `${name}: ${v} is not a compintel setting`)
    const config = parseConfig(Object.fromEntries(Object.entries(env).map(([k, v]) => [k, interpolate(v)])))
    assert.equal(config.database.kind, 'postgres', `${name} uses the PostgreSQL KB`)
  }
  for (const [name, s] of services) {
    for (const [k, v] of Object.entries(s.environment ?? {})) {
      if (/PASSWORD|API_KEYS/.test(k)) assert.match(v, /^\$\{\w+:\?/, `${name}: ${k} comes from .env`)
      if (k.endsWith('_URL')) assert.doesNotMatch(v.replace(/\$\{[^}]*\}/g, ''), /:[^/@:]+@/, `${name}: ${k}`)
    }
  }
})

/** Compose interpolation with sample values: `${X:-default}` gives the default, `${X:?message}` a made-up value. */
function interpolate(value = ''): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name: string, kind: string, rest: string) =>
    kind === '-' ? rest : `sample-${name.toLowerCase().replace(/_/g, '-')}-0123456789`,
  )
}

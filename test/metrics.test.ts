// GET /metrics: Prometheus text with request counts and latency by method, route pattern and status code.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { makeTestApp, type TestApp } from './helpers/app.ts'

let t: TestApp
before(async () => {
  t = await makeTestApp()
})
after(() => t.close())

interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

function parse(text: string): Sample[] {
  const out: Sample[] = []
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!m) continue
    const labels: Record<string, string> = {}
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1] as string] = l[2] as string
    out.push({ name: m[1] as string, labels, value: Number(m[3]) })
  }
  return out
}

/** The value of the sample `name` whose labels include `want` (undefined when there is none). */
function value(samples: Sample[], name: string, want: Record<string, string>): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(want).every(([k, v]) => s.labels[k] === v))
  assert.ok(found.length <= 1, `${name} ${JSON.stringify(want)} is one series`)
  return found[0]?.value
}

async function metrics(): Promise<{ text: string; samples: Sample[] }> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' })
  assert.equal(res.statusCode, 200)
  assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/)
  return { text: res.body, samples: parse(res.body) }
}

test('requests are counted and timed by method, route pattern and status code', async () => {
  const echo = (key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v2/components/echo',
      headers: key ? { 'x-api-key': key } : {},
      payload: { message: 'm' },
    })
  assert.equal((await echo(t.keys.full)).statusCode, 200)
  assert.equal((await echo(t.keys.full)).statusCode, 200)
  assert.equal((await echo()).statusCode, 401)
  assert.equal((await t.app.inject({ method: 'GET', url: '/no/such/route-x1' })).statusCode, 404)
  const versions = await t.app.inject({
    method: 'GET',
    url: '/v2/components/versions?purl=pkg:npm/secret-query-value',
    headers: { 'x-api-key': t.keys.full },
  })
  assert.ok(versions.statusCode < 500)

  const { text, samples } = await metrics()
  assert.match(text, /^# TYPE compintel_http_requests_total counter$/m)
  assert.match(text, /^# TYPE compintel_http_request_duration_seconds histogram$/m)
  const echo200 = { method: 'POST', route: '/v2/components/echo', status_code: '200' }
  const echo401 = { ...echo200, status_code: '401' }
  assert.equal(value(samples, 'compintel_http_requests_total', echo200), 2)
  assert.equal(value(samples, 'compintel_http_requests_total', echo401), 1)
  assert.equal(value(samples, 'compintel_http_request_duration_seconds_count', echo200), 2)
  assert.equal(value(samples, 'compintel_http_request_duration_seconds_count', echo401), 1)
  assert.equal(value(samples, 'compintel_http_request_duration_seconds_bucket', { ...echo200, le: '+Inf' }), 2)
  const sum = value(samples, 'compintel_http_request_duration_seconds_sum', echo200) ?? -1
  assert.ok(sum > 0 && sum < 10, `latency sum ${sum} s`)
  assert.equal(
    value(samples, 'compintel_http_requests_total', { method: 'GET', route: 'unmatched', status_code: '404' }),
    1,
  )
  assert.equal(
    value(samples, 'compintel_http_requests_total', {
      method: 'GET',
      route: '/v2/components/versions',
      status_code: String(versions.statusCode),
    }),
    1,
  )
  // Labels hold route patterns only: never a raw URL, a query string or a key.
  assert.ok(!text.includes('route-x1'), 'an unknown URL is not a label')
  assert.ok(!text.includes('secret-query-value'), 'a query string is not a label')
  assert.ok(!text.includes(t.keys.full), 'no key')
  // Process metrics come with the same prefix.
  assert.ok(samples.some((s) => s.name === 'compintel_process_cpu_user_seconds_total'))
})

test('a scrape is counted too, after it is answered', async () => {
  const first = value((await metrics()).samples, 'compintel_http_requests_total', { route: '/metrics' }) ?? 0
  const second = value((await metrics()).samples, 'compintel_http_requests_total', { route: '/metrics' })
  assert.equal(second, first + 1)
})

#!/usr/bin/env node
// Container health check: `node bin/healthcheck.js [/ready]` exits 0 when this server answers the path with a 2xx,
// 1 otherwise. Plain JavaScript without tsx, so a check is one short Node start and the image needs no curl.
const route = process.argv[2] ?? '/ready'
const port = process.env.PORT ?? '8080'
// A server listening on every interface is asked on loopback; one bound to a single address, there.
const host = !process.env.HOST || ['0.0.0.0', '::'].includes(process.env.HOST) ? '127.0.0.1' : process.env.HOST
const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}${route}`

try {
  const res = await fetch(url, { signal: AbortSignal.timeout(4000) })
  if (!res.ok) console.error(`${route}: ${res.status} ${await res.text()}`)
  process.exitCode = res.ok ? 0 : 1
} catch (err) {
  console.error(`${route}: ${err.cause?.code ?? err.message}`)
  process.exitCode = 1
}

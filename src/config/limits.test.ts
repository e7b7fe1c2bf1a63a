// The hostile-client limits: their defaults, and each bad value reported by name.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ConfigError, parseConfig } from './config.ts'

test('defaults: headers 15 s, request 60 s, keep-alive 5 s, idle 120 s, 4096 connections, 256 per address, 128 MiB', () => {
  assert.deepEqual(parseConfig({}).limits, {
    headersTimeoutMs: 15_000,
    requestTimeoutMs: 60_000,
    keepAliveTimeoutMs: 5000,
    socketIdleTimeoutMs: 120_000,
    maxConnections: 4096,
    maxConnectionsPerIp: 256,
    bodiesInFlightBytes: 128 * 1024 * 1024,
  })
})

test('bad values are named; a headers timeout longer than the request timeout is refused', () => {
  for (const [env, problem] of [
    [{ MAX_CONNECTIONS: '0' }, /MAX_CONNECTIONS: expected an integer from 1/],
    [{ HEADERS_TIMEOUT_MS: 'soon' }, /HEADERS_TIMEOUT_MS/],
    [{ BODIES_IN_FLIGHT_MAX_MB: '0' }, /BODIES_IN_FLIGHT_MAX_MB/],
    [
      { HEADERS_TIMEOUT_MS: '20000', REQUEST_TIMEOUT_MS: '10000' },
      /HEADERS_TIMEOUT_MS: expected at most REQUEST_TIMEOUT_MS/,
    ],
  ] as const)
    assert.throws(
      () => parseConfig(env),
      (err: unknown) => err instanceof ConfigError && problem.test(err.message),
    )
  assert.equal(parseConfig({ MAX_CONNECTIONS_PER_IP: '0' }).limits.maxConnectionsPerIp, 0, '0: no per-address cap')
})

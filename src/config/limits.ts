// The limits that keep hostile clients from holding the server (docs/security.md "Hostile clients"): how long a
// connection may take to send its headers, its whole request, or sit idle; how many connections one address and all
// clients may hold; how many request-body bytes every request together may hold at once.
import type { SettingReaders } from './readers.ts'

export interface LimitsConfig {
  /** The request line and headers must arrive within this long of the connection's or previous request's start. */
  headersTimeoutMs: number
  /** The whole request (headers and body) must arrive within this long. */
  requestTimeoutMs: number
  /** An idle keep-alive connection is closed after this long. */
  keepAliveTimeoutMs: number
  /** A connection on which no byte moves either way for this long is closed; 0: never. */
  socketIdleTimeoutMs: number
  /** Open connections from all clients; over it a new one is answered 503 and closed. */
  maxConnections: number
  /** Open connections from one client address; 0: no per-address cap. */
  maxConnectionsPerIp: number
  /** Request-body bytes all requests together may hold at once; over it, 503 with Retry-After. */
  bodiesInFlightBytes: number
}

export const LIMIT_SETTINGS = [
  'HEADERS_TIMEOUT_MS',
  'REQUEST_TIMEOUT_MS',
  'KEEP_ALIVE_TIMEOUT_MS',
  'SOCKET_IDLE_TIMEOUT_MS',
  'MAX_CONNECTIONS',
  'MAX_CONNECTIONS_PER_IP',
  'BODIES_IN_FLIGHT_MAX_MB',
] as const

export function parseLimitsConfig({ int, problems }: SettingReaders): LimitsConfig {
  const limits: LimitsConfig = {
    headersTimeoutMs: int('HEADERS_TIMEOUT_MS', 15_000, 100, 600_000),
    requestTimeoutMs: int('REQUEST_TIMEOUT_MS', 60_000, 100, 3_600_000),
    keepAliveTimeoutMs: int('KEEP_ALIVE_TIMEOUT_MS', 5000, 100, 600_000),
    socketIdleTimeoutMs: int('SOCKET_IDLE_TIMEOUT_MS', 120_000, 0, 3_600_000),
    maxConnections: int('MAX_CONNECTIONS', 4096, 1, 1_000_000),
    maxConnectionsPerIp: int('MAX_CONNECTIONS_PER_IP', 256, 0, 1_000_000),
    bodiesInFlightBytes: int('BODIES_IN_FLIGHT_MAX_MB', 128, 1, 65_536) * 1024 * 1024,
  }
  // node:http refuses a headers timeout longer than the request timeout
  if (limits.headersTimeoutMs > limits.requestTimeoutMs)
    problems.push(
      `HEADERS_TIMEOUT_MS: expected at most REQUEST_TIMEOUT_MS (${limits.requestTimeoutMs}), got ${limits.headersTimeoutMs}`,
    )
  return limits
}

// Recognises errors that mean "the database is unreachable" (as opposed to a bug), for 503 + Retry-After.

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
])
/** PostgreSQL SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown). */
const PG_STATES = /^(08|57P0[1-3])/

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as Record<string, unknown> | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    const code = typeof e.code === 'string' ? e.code : ''
    if (NETWORK_CODES.has(code) || PG_STATES.test(code)) return true
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_CANTOPEN') return true
    const msg = typeof e.message === 'string' ? e.message : ''
    if (
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        msg,
      )
    ) {
      return true
    }
  }
  return false
}

// One error body for every request-level failure: error handler, 404/405 handler and malformed-HTTP handler.
import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { ERROR_CATALOGUE, type ErrorCode, errorBody, HttpError } from '../errors.ts'
import type { App } from '../types.ts'
import { isDatabaseUnavailable } from './database-errors.ts'

/** Fastify's own error codes and the catalogue code each becomes. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_BAD_URL: 'BAD_REQUEST',
  FST_ERR_ASYNC_CONSTRAINT: 'BAD_REQUEST',
}

export const DATABASE_RETRY_AFTER_SECONDS = 5

export function registerErrorHandling(app: App): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const { code, message, headers } = classify(err)
    // a refused upload is load being shed, as expected as a 4xx (and as many as clients send)
    if (ERROR_CATALOGUE[code].status >= 500 && code !== 'UPLOADS_BUSY') {
      req.log.error({ err, code }, 'request failed')
    }
    for (const [k, v] of Object.entries(headers)) reply.header(k, v)
    return send(reply, req, code, message)
  })

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?', 1)[0] ?? ''
    const allowed = [...new Set(app.routeTable.filter((r) => r.pattern.test(path)).map((r) => r.method))]
    if (allowed.length > 0) {
      reply.header('allow', allowed.join(', '))
      return send(
        reply,
        req,
        'METHOD_NOT_ALLOWED',
        `${req.method} is not allowed on ${path}; use ${allowed.join(', ')}`,
      )
    }
    return send(reply, req, 'NOT_FOUND', `No endpoint ${req.method} ${path}`)
  })
}

function classify(err: FastifyError): { code: ErrorCode; message: string; headers: Record<string, string | number> } {
  if (err instanceof HttpError) return { code: err.code, message: err.message, headers: err.headers }
  if (err.validation) return { code: 'VALIDATION_FAILED', message: `Invalid request: ${err.message}`, headers: {} }
  const mapped = err.code ? FASTIFY_CODES[err.code] : undefined
  if (mapped) return { code: mapped, message: err.message || ERROR_CATALOGUE[mapped].message, headers: {} }
  if (isDatabaseUnavailable(err)) {
    return { code: 'DATABASE_UNAVAILABLE', message: '', headers: { 'retry-after': DATABASE_RETRY_AFTER_SECONDS } }
  }
  const status = err.statusCode ?? 500
  if (status >= 400 && status < 500)
    return { code: 'BAD_REQUEST', message: err.message || 'Invalid request', headers: {} }
  return { code: 'INTERNAL_ERROR', message: '', headers: {} }
}

function send(reply: FastifyReply, req: FastifyRequest, code: ErrorCode, message: string): FastifyReply {
  return reply
    .code(ERROR_CATALOGUE[code].status)
    .type('application/json; charset=utf-8')
    .send(errorBody(code, message || ERROR_CATALOGUE[code].message, req.id))
}

/**
 * Errors Fastify's router raises before any route or error handler runs (a malformed percent-escape in the path,
 * a path parameter over maxParamLength): the same error body, not Fastify's own (found by security-fuzz.test.ts).
 */
export function frameworkErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const { code, message } = classify(err)
  // the app's onSend hook does not run on this path
  send(reply.header('x-request-id', req.id), req, code, message)
}

/** Errors Node's HTTP parser raises before Fastify sees a request (oversized headers, garbage, timeouts). */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) return
  const code: ErrorCode =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? 'HEADERS_TOO_LARGE'
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'REQUEST_TIMEOUT'
        : 'BAD_REQUEST'
  endRaw(socket, rawErrorResponse(code))
}

/** Writes `response` on a socket Fastify has not reached and closes it (closeAfterLinger). */
export function endRaw(socket: Socket, response: string): void {
  socket.on('error', () => {}) // a reset by a client that is gone already changes nothing
  socket.end(response)
  socket.resume()
  closeAfterLinger(socket)
}

/**
 * How long a connection answered before its request arrived whole stays open, what the client still sends read and
 * dropped: closing at once would reset the connection, and a client still sending would lose the answer (nginx's
 * lingering close).
 */
const LINGER_MS = 2000

export function closeAfterLinger(socket: Socket): void {
  const linger = setTimeout(() => socket.destroy(), LINGER_MS)
  linger.unref()
  socket.once('close', () => clearTimeout(linger))
}

/** A whole HTTP/1.1 answer in the error shape, for a socket Fastify has not reached; it closes the connection. */
export function rawErrorResponse(code: ErrorCode, headers: Record<string, string | number> = {}): string {
  const { status, message } = ERROR_CATALOGUE[code]
  const body = JSON.stringify(errorBody(code, message, 'none'))
  const extra = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`)
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${extra.join('')}` +
    `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  )
}

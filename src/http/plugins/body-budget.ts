// The body budget: every request body is counted as it streams in, before any parser holds it. Past its route's
// limit (BODY_LIMIT, or the route's own) the request gets 413 at once; when the bodies of all requests together would
// pass BODIES_IN_FLIGHT_MAX_MB it gets 503 UPLOADS_BUSY with Retry-After, also at once. A request answered before its
// body arrived whole (these refusals, a parser's limits) has the rest of its body read and dropped, and its connection
// closed after a short linger, so a client that holds its upload open holds nothing more. A request's bytes stay
// counted until its answer is sent or its connection closes (its parsed body lives that long).
import type { IncomingMessage } from 'node:http'
import { Transform } from 'node:stream'
import { HttpError } from '../errors.ts'
import type { App } from '../types.ts'
import { closeAfterLinger } from './error-handler.ts'

export interface BodyBudget {
  /** Bytes of request bodies received and not yet answered. */
  inFlight(): number
}

/** The refusals of this budget and of the parsers that count against it. */
export function bodyTooLarge(message: string): HttpError {
  return new HttpError('PAYLOAD_TOO_LARGE', message)
}
function uploadsBusy(retryAfterSeconds: number): HttpError {
  return new HttpError('UPLOADS_BUSY', '', { 'retry-after': retryAfterSeconds })
}

export function registerBodyBudget(app: App, totalBytes: number, retryAfterSeconds: number): BodyBudget {
  let inFlight = 0
  app.addHook('preParsing', (req, reply, payload, done) => {
    if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) {
      done(null, payload)
      return
    }
    const limit = req.routeOptions.bodyLimit
    const declared = Number(req.headers['content-length'] ?? 0) || 0
    if (declared > limit) return done(bodyTooLarge(`The request body is larger than ${limit} bytes`))
    if (inFlight + declared > totalBytes) return done(uploadsBusy(retryAfterSeconds))
    let mine = 0
    let counting = true
    const release = () => {
      inFlight -= mine
      mine = 0
      counting = false
    }
    reply.raw.once('close', release)
    reply.raw.once('finish', release)
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        if (!counting) return next(null, chunk)
        mine += chunk.length
        inFlight += chunk.length
        if (mine > limit) next(bodyTooLarge(`The request body is larger than ${limit} bytes`))
        else if (inFlight > totalBytes) next(uploadsBusy(retryAfterSeconds))
        else next(null, chunk)
      },
    })
    payload.on('error', (err) => counted.destroy(err))
    counted.on('error', () => payload.unpipe(counted))
    payload.pipe(counted)
    done(null, counted)
  })
  app.addHook('onSend', (req, _reply, payload, done) => {
    if (!req.raw.complete && req.raw.socket) lingerAfterAnswer(req.raw)
    done(null, payload)
  })
  return { inFlight: () => inFlight }
}

/**
 * A request answered before its body arrived whole: the rest is read and dropped. Fastify answers a body it could not
 * parse with `Connection: close`, on which Node would close the socket as soon as the answer is written, resetting it
 * while the client still sends (the client may then never read the answer): the close lingers instead.
 */
function lingerAfterAnswer(raw: IncomingMessage): void {
  raw.unpipe()
  raw.resume()
  const socket = raw.socket
  socket.destroySoon = () => {
    socket.end()
    closeAfterLinger(socket)
  }
}

// Open-loop load: requests start at a fixed arrival schedule whatever the server's answers take (after the ramp,
// request i is due i / rate seconds later), and each latency runs from when the request was DUE, not from when it
// could be sent. A closed loop (n connections each waiting for its answer) would slow its sending when the server
// slows and so hide the queueing a real crowd of clients meets (coordinated omission); this driver does not. The
// schedule ramps from a tenth of the rate to the full rate over the warm-up: a cold server (JIT, caches) meets
// traffic that grows, as a server put in rotation does, not its full share at once.
import { Pool } from 'undici'
import type { ClassName, LoadRequest } from './load-workload.ts'

export interface Outcome {
  label: string
  cls: ClassName
  /** Seconds from the start of the run at which the request was due. */
  due: number
  /** Due to the end of the answer's body, ms. */
  ms: number
  /** HTTP status; 0 when no answer came. */
  status: number
  error?: 'timeout' | 'network' | 'overload'
  bytes: number
}

export interface DriveOptions {
  url: string
  key: string
  /** Requests per second. */
  rate: number
  seconds: number
  /** Seconds over which the rate ramps up from a tenth (0: none). */
  rampSeconds: number
  /** Open connections at most (undici queues requests beyond them: that wait counts in the latency). */
  connections: number
  /** Requests waiting or running at most; beyond it the request is not sent and counts as an overload error. */
  maxInFlight: number
  timeoutMs: number
  next(): LoadRequest
  /** Called about once a second with the seconds elapsed and the requests in flight. */
  tick?(elapsed: number, inFlight: number): void
}

export interface Driven {
  outcomes: Outcome[]
  /** The driver's worst lateness in starting a due request, ms (large: the driver, not the server, was saturated). */
  maxSendLagMs: number
}

export async function drive(o: DriveOptions): Promise<Driven> {
  const pool = new Pool(o.url, {
    connections: o.connections,
    pipelining: 1,
    headersTimeout: o.timeoutMs,
    bodyTimeout: o.timeoutMs,
  })
  const outcomes: Outcome[] = []
  const { due: dueSeconds, total } = schedule(o.rate, o.rampSeconds, o.seconds)
  const running = new Set<Promise<void>>()
  let maxSendLagMs = 0
  let lastTick = 0
  const start = performance.now()
  const dueAt = (i: number) => start + dueSeconds(i) * 1000

  const send = async (r: LoadRequest, due: number) => {
    const outcome: Outcome = { label: r.label, cls: r.cls, due: (due - start) / 1000, ms: 0, status: 0, bytes: 0 }
    try {
      const res = await pool.request({
        method: r.method,
        path: r.path,
        headers: { 'x-api-key': o.key, ...(r.body ? { 'content-type': 'application/json' } : {}) },
        ...(r.body ? { body: r.body } : {}),
      })
      for await (const chunk of res.body) outcome.bytes += (chunk as Buffer).length
      outcome.status = res.statusCode
    } catch (err) {
      const code = (err as { code?: string }).code ?? ''
      outcome.error = /TIMEOUT/.test(code) ? 'timeout' : 'network'
    }
    outcome.ms = performance.now() - due
    outcomes.push(outcome)
  }

  let i = 0
  try {
    while (i < total) {
      const now = performance.now()
      // everything due by now starts now: a late timer never thins the arrival rate out
      while (i < total && dueAt(i) <= now) {
        const due = dueAt(i++)
        maxSendLagMs = Math.max(maxSendLagMs, now - due)
        const r = o.next()
        if (running.size >= o.maxInFlight) {
          outcomes.push({
            label: r.label,
            cls: r.cls,
            due: (due - start) / 1000,
            ms: 0,
            status: 0,
            error: 'overload',
            bytes: 0,
          })
          continue
        }
        const p: Promise<void> = send(r, due).finally(() => running.delete(p))
        running.add(p)
      }
      if (now - lastTick >= 1000) {
        lastTick = now
        o.tick?.((now - start) / 1000, running.size)
      }
      if (i < total) await new Promise((resolve) => setTimeout(resolve, Math.max(0, dueAt(i) - performance.now())))
    }
    await Promise.all(running)
  } finally {
    await pool.close()
  }
  return { outcomes, maxSendLagMs }
}

/**
 * When request i is due (seconds from the start): the rate grows linearly from rate/10 to rate over `ramp` seconds
 * (arrivals so far N(t) = r0·t + (rate − r0)·t²/2·ramp, solved for t), then stays at rate until `seconds`.
 */
export function schedule(rate: number, ramp: number, seconds: number): { due(i: number): number; total: number } {
  const w = Math.min(Math.max(ramp, 0), seconds)
  const r0 = rate / 10
  const a = w > 0 ? (rate - r0) / (2 * w) : 0
  const inRamp = w * (r0 + rate) * 0.5 // arrivals during the ramp
  const due = (i: number) =>
    i < inRamp && a > 0 ? (-r0 + Math.sqrt(r0 * r0 + 4 * a * i)) / (2 * a) : w + (i - inRamp) / rate
  return { due, total: Math.round(inRamp + rate * (seconds - w)) }
}

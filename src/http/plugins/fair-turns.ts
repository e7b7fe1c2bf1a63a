// Large answers are serialized in one synchronous go: when the work that built one has spent its turn of the event
// loop (domain/shared/breathe.ts), serialization waits for the next, so requests waiting on I/O are served first.
import { breatheIfSpent } from '../../domain/shared/breathe.ts'
import type { App } from '../types.ts'

export function registerFairTurns(app: App): void {
  app.addHook('preSerialization', (_req, _reply, payload, done) => {
    const wait = breatheIfSpent()
    if (!wait) return done(null, payload)
    wait.then(() => done(null, payload))
  })
}

// Cooperative yielding: work that runs in many synchronous steps (the queries of a large batch on SQLite, whose
// driver is synchronous, and the steps between them) calls breathe() between steps; once the current turn of the
// event loop has run for SLICE_MS, breathe() waits for the next turn (setImmediate, after pending I/O), so other
// requests are served between the steps of a long one instead of waiting for all of it. A turn is timed from
// startOfWork() when its caller knows where the work began (the HTTP layer marks each request's handling), else
// from the turn's first breathe().

/** How long one turn may run before a step yields; well under the 20 ms any request may hold the loop. */
export const SLICE_MS = 5

let turnStarted = 0
let inTurn = false

function endOfTurn(): void {
  inTurn = false
}

/** Starts timing this turn here, unless it is already timed. */
export function startOfWork(now = performance.now()): void {
  if (inTurn) return
  inTurn = true
  turnStarted = now
  setImmediate(endOfTurn)
}

export function breathe(): Promise<void> | undefined {
  const now = performance.now()
  if (!inTurn) {
    startOfWork(now)
    return undefined
  }
  if (now - turnStarted < SLICE_MS) return undefined
  return new Promise((resolve) =>
    setImmediate(() => {
      startOfWork() // the turn this work resumes in is timed from here
      resolve()
    }),
  )
}

/** Waits for the next turn if this one is timed and spent, else nothing: for steps that must not start timing. */
export function breatheIfSpent(): Promise<void> | undefined {
  return inTurn && performance.now() - turnStarted >= SLICE_MS ? breathe() : undefined
}

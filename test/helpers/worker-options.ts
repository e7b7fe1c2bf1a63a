// The queue worker as the in-process suites run it: two units at a time, quick polls and back-offs, until the
// queue is empty.
import type { WorkerOptions } from '../../src/jobs/worker.ts'

export const TEST_WORKER: WorkerOptions = {
  concurrency: 2,
  leaseSeconds: 30,
  pollMs: 20,
  untilEmpty: true,
  refreshEveryMs: 60_000,
  shutdownTimeoutMs: 5000,
  retryBaseMs: 1,
}

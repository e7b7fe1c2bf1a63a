// The process-level handlers of `compintel serve` (docs/security.md "Hostile clients"). An unhandled rejection is
// logged and the server carries on: nothing ran past the failure, so no state is half-changed. An uncaught exception
// is logged and the server shuts down cleanly (stops accepting, drains for SHUTDOWN_TIMEOUT_MS, closes the KB) and
// exits 1, for its supervisor to start a fresh process: after a throw nobody caught, Node cannot say what state the
// process is in. A second one while shutting down, or a shutdown that hangs, ends the process at once (exit 1).

interface Log {
  error(obj: object, msg: string): void
  fatal(obj: object, msg: string): void
}

/** Margin over SHUTDOWN_TIMEOUT_MS for closing the KB and the workers before the process is ended regardless. */
const HARD_EXIT_MARGIN_MS = 5000
/** After SIGTERM/SIGINT: the margin over SHUTDOWN_TIMEOUT_MS (8 s by default: 10 s in all). */
const SIGNAL_EXIT_MARGIN_MS = 2000

/**
 * After a stop signal: the process ends SHUTDOWN_TIMEOUT_MS + 2 s later whatever still runs (a child process or
 * thread that ignored its abort, a connection not yet closed): exit 0 once `cleanly()` said the shutdown completed,
 * else 1. The timer does not keep the process alive.
 */
export function exitAfter(shutdownTimeoutMs: number): { cleanly(): void } {
  let code = 1
  setTimeout(() => {
    process.stderr.write(
      `compintel: still running ${shutdownTimeoutMs + SIGNAL_EXIT_MARGIN_MS} ms after the stop signal; exiting\n`,
    )
    process.exit(code)
  }, shutdownTimeoutMs + SIGNAL_EXIT_MARGIN_MS).unref()
  return {
    cleanly: () => {
      code = 0
    },
  }
}

export function guardProcess(
  log: Log,
  shutdown: (reason: string) => Promise<void>,
  shutdownTimeoutMs: number,
): { failed: Promise<void>; remove(): void } {
  let fail: () => void = () => {}
  const failed = new Promise<void>((resolve) => {
    fail = resolve
  })
  let down = false
  const onRejection = (reason: unknown) => log.error({ err: described(reason) }, 'unhandled rejection; carrying on')
  const onException = (err: unknown) => {
    log.fatal({ err: described(err) }, 'uncaught exception; shutting down for the supervisor to restart')
    process.exitCode = 1
    if (down) process.exit(1)
    down = true
    setTimeout(() => process.exit(1), shutdownTimeoutMs + HARD_EXIT_MARGIN_MS).unref()
    shutdown('uncaught exception').then(fail, fail)
  }
  process.on('unhandledRejection', onRejection)
  process.on('uncaughtException', onException)
  return {
    failed,
    remove: () => {
      process.off('unhandledRejection', onRejection)
      process.off('uncaughtException', onException)
    },
  }
}

/** Name, message and stack, with any password in a URL (`scheme://user:secret@host`) left out. */
function described(err: unknown): { name: string; message: string; stack?: string } {
  const hide = (s: string) => s.replace(/(\/\/[^/\s:@]*):[^@\s/]*@/g, '$1:[redacted]@')
  if (!(err instanceof Error)) return { name: typeof err, message: hide(String(err)) }
  return { name: err.name, message: hide(err.message), ...(err.stack ? { stack: hide(err.stack) } : {}) }
}

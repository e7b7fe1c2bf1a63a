// The worker command's usage line and the one message of both queue commands on SQLite, shared by `compintel` help,
// `compintel worker` and `compintel ingest npm --enqueue`.
export const WORKER_USAGE = `compintel worker [--concurrency N] [--until-empty]   consume the ingestion queue (PostgreSQL)
  compintel worker --status   the queue's counts, the units in workers' hands, recent failures`

export const NEEDS_POSTGRES =
  'the ingestion queue lives in a PostgreSQL KB: set DATABASE_URL=postgres://… (on SQLite, run `compintel ingest <source>` without --enqueue)'

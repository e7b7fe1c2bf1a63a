// What every feed's loader (sources/<kind>/: `compintel ingest <kind>` and `update`) does around its own reading: the
// report and its progress line, the records written in bounded batches (one transaction each, through the writer
// method the feed names), each source loaded recorded with its date, the final line. The loader opens its file
// (ingest/text-input.ts: by lines or whole, gzip or not, with a size limit where the feed sets one), parses and checks
// its records, tallies what it skips in `report`, and `add`s each record it keeps; `done` ends the run.
import type { AdvisoryWriter, DataSource, WriteCounts } from '../domain/vulnerabilities/types.ts'
import { type DataIngestReport, emptyReport, StreamProgress, tally } from '../ingest/data-report.ts'
import type { ProgressSink } from '../ingest/progress.ts'

/** What a feed's loader is told: the source name to record and the clock (the CLI: batch size, source date). */
export interface FeedOptions {
  source?: string
  /** Overrides the source date recorded for every source of the run. */
  sourceDate?: string
  batchSize?: number
  now: () => string
  sink?: ProgressSink
}

/** A feed's own part: its progress label, what it reads (DataIngestReport's units), its batch and how one is written. */
export interface FeedBatches<T> {
  label: string
  unit: string
  writtenUnit?: string
  /** Records a batch when the options name no batchSize. */
  batchSize: number
  /** One batch written (one transaction); `older`: ids not written, older than the record already stored (OSV). */
  write(batch: T[], asOf: string): Promise<WriteCounts & { older?: readonly string[] }>
}

/** One source loaded, for data_sources: its own date (the options' sourceDate wins) and the records it gave. */
type LoadedSource = Pick<DataSource, 'name' | 'kind' | 'sourceDate' | 'records'>

export class FeedIngest<T> {
  readonly report: DataIngestReport
  private readonly progress: StreamProgress
  private readonly asOf: string
  private readonly size: number
  private batch: T[] = []

  constructor(
    private readonly feed: FeedBatches<T>,
    private readonly writer: AdvisoryWriter,
    private readonly opts: FeedOptions,
  ) {
    this.report = { ...emptyReport(feed.unit), ...(feed.writtenUnit ? { writtenUnit: feed.writtenUnit } : {}) }
    this.progress = new StreamProgress(feed.label, opts.sink)
    this.asOf = opts.now()
    this.size = opts.batchSize ?? feed.batchSize
  }

  /** Queues a record; a full batch is written. */
  async add(record: T): Promise<void> {
    this.batch.push(record)
    if (this.batch.length >= this.size) await this.flush()
  }

  /** Writes the records queued (a loader of several inputs ends each input's batch with it). */
  async flush(): Promise<void> {
    if (this.batch.length === 0) return
    const r = await this.feed.write(this.batch, this.asOf)
    this.report.written += r.written
    this.report.unchanged += r.unchanged
    for (const id of r.older ?? []) tally(this.report.skipped, 'older than the record already stored', id)
    this.batch = []
    this.progress.update(this.report)
  }

  /** Writes what is queued, records the sources loaded, and gives the report (its final progress line drawn). */
  async done(sources: readonly LoadedSource[]): Promise<DataIngestReport> {
    await this.flush()
    for (const s of sources) {
      const sourceDate = this.opts.sourceDate ?? s.sourceDate
      await this.writer.recordSource({ ...s, sourceDate, importedAt: this.asOf })
      this.report.sources.push({ name: s.name, sourceDate, records: s.records })
    }
    this.report.seconds = this.progress.elapsed()
    this.progress.update(this.report, true)
    return this.report
  }
}

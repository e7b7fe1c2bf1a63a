// A node:test reporter that writes how long each test file took, one `<ms>\t<file>` line each, to the file named by
// TEST_TIMINGS_OUT (appended: the two shards of scripts/test.sh share it). With --test-concurrency=1 the files run one
// after another, so a file's time is from the previous file's last event to its own: imports and hooks included.
// scripts/test.sh deals the files to its shards by these times (scripts/test-timings.tsv).
import { appendFileSync } from 'node:fs'
import path from 'node:path'

interface TestEvent {
  type: string
  data: { file?: string }
}

export default async function* timings(source: AsyncIterable<TestEvent>): AsyncGenerator<string> {
  const out = process.env.TEST_TIMINGS_OUT
  const took = new Map<string, number>()
  let mark = Date.now()
  for await (const event of source) {
    const file = event.data.file
    if (!file || !event.type.startsWith('test:')) continue
    const now = Date.now()
    took.set(file, (took.get(file) ?? 0) + (now - mark))
    mark = now
  }
  const lines = [...took].map(([file, ms]) => `${ms}\t${path.relative(process.cwd(), file)}\n`)
  if (out) appendFileSync(out, lines.join(''))
  yield ''
}

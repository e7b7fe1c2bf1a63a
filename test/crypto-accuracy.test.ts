// Accuracy of the crypto analyzer on real source files (docs/cryptography.md "Detection (at ingest)"). The fixture
// files are third-party files copied verbatim from seed tarballs (test/fixtures/crypto-accuracy, FIXTURES, see its
// README); each is labelled, by reading it, with the catalogue algorithms it implements or uses. scanFile runs over
// every file and the micro-averaged precision and recall over (file, algorithm) pairs must each be at least 0.9.
//
// Scoring: a reported algorithm in `algorithms` is a true positive; one in `acceptable` (a synonym or umbrella id of
// the catalogue, or an algorithm the file only names or pulls in as a dependency) counts neither way; any other
// reported algorithm is a false positive; a labelled algorithm not reported is a false negative.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { crc64xz } from '../src/domain/folder-hash/crc64.ts'
import { scanFile } from '../src/ingest/analyzers/crypto.ts'
import { loadCatalogue } from '../src/ingest/crypto/catalogue.ts'

const DIR = new URL('./fixtures/crypto-accuracy/', import.meta.url)
const TARGET = 0.9

interface Label {
  file: string
  package: string
  version: string
  license: string
  algorithms: string[]
  acceptable?: string[]
  note: string
}

const labels = JSON.parse(readFileSync(new URL('labels.json', DIR), 'utf8')) as Label[]

function content(l: Label): Buffer {
  return readFileSync(fileURLToPath(new URL(`files/${l.package}@${l.version}/${l.file}`, DIR)))
}

test('the labelled set: at least 40 real files, at least 12 without cryptography, catalogue ids only', () => {
  assert.ok(labels.length >= 40, `${labels.length} files`)
  assert.ok(labels.filter((l) => l.algorithms.length === 0).length >= 12)
  const ids = new Set(loadCatalogue().map((a) => a.id))
  const seen = new Set<string>()
  for (const l of labels) {
    const key = `${l.package}@${l.version}/${l.file}`
    assert.ok(!seen.has(key), `duplicate ${key}`)
    seen.add(key)
    for (const a of [...l.algorithms, ...(l.acceptable ?? [])])
      assert.ok(ids.has(a), `${key}: ${a} is not a catalogue id`)
    for (const a of l.acceptable ?? [])
      assert.ok(!l.algorithms.includes(a), `${key}: ${a} both labelled and acceptable`)
    assert.ok(content(l).length > 0, key)
  }
})

test('precision and recall of scanFile over the labelled files are at least 0.9', (t) => {
  let tp = 0
  let fp = 0
  let fn = 0
  const misses = new Map<string, number>()
  const extras = new Map<string, number>()
  for (const l of labels) {
    const bytes = content(l)
    const found = scanFile({
      path: l.file,
      size: bytes.length,
      md5: createHash('md5').update(bytes).digest('hex'),
      crc64: crc64xz(bytes),
      content: bytes,
    })
    assert.ok(found, `${l.package}/${l.file} was not scanned as source`)
    const reported = new Set(found.algorithms.map((a) => a.algorithm))
    const expected = new Set(l.algorithms)
    const acceptable = new Set(l.acceptable ?? [])
    const missed = [...expected].filter((a) => !reported.has(a))
    const wrong = [...reported].filter((a) => !expected.has(a) && !acceptable.has(a)).sort()
    tp += expected.size - missed.length
    fn += missed.length
    fp += wrong.length
    for (const a of missed) misses.set(a, (misses.get(a) ?? 0) + 1)
    for (const a of wrong) extras.set(a, (extras.get(a) ?? 0) + 1)
    if (missed.length || wrong.length) {
      const rules = found.algorithms
        .filter((a) => wrong.includes(a.algorithm))
        .map((a) => `${a.algorithm}@${a.line} ${a.rule}`)
      t.diagnostic(
        `${l.package}@${l.version}/${l.file}: missed [${missed.join(', ')}] false [${wrong.join(', ')}]` +
          (rules.length ? ` (${rules.join('; ')})` : ''),
      )
    }
  }
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp)
  const recall = tp + fn === 0 ? 1 : tp / (tp + fn)
  const byCount = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .map(([a, n]) => `${a}×${n}`)
      .join(' ')
  t.diagnostic(
    `files ${labels.length}, labelled pairs ${tp + fn}, reported pairs ${tp + fp}: TP ${tp} FP ${fp} FN ${fn}`,
  )
  t.diagnostic(`precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)} (target ${TARGET} each)`)
  t.diagnostic(`missed by algorithm: ${byCount(misses) || 'none'}`)
  t.diagnostic(`false positives by algorithm: ${byCount(extras) || 'none'}`)
  assert.ok(precision >= TARGET, `precision ${precision.toFixed(3)} < ${TARGET}`)
  assert.ok(recall >= TARGET, `recall ${recall.toFixed(3)} < ${TARGET}`)
})

import assert from 'node:assert/strict'
import { test } from 'node:test'
import { UpstreamRefused } from '../../../ingest/failure.ts'
import { parseSimpleHtml, parseSimpleJson } from './simple-api.ts'

const H = 'a'.repeat(64)
const kind = (k: string) => (err: unknown) => err instanceof UpstreamRefused && err.kind === k

test("PEP 691 JSON (the specification's example shape): relative URLs resolved, yanked and sizes read", () => {
  const page = parseSimpleJson(
    JSON.stringify({
      meta: { 'api-version': '1.0' },
      name: 'HolyGrail',
      files: [
        {
          filename: 'holygrail-1.0.tar.gz',
          url: '../../f/holygrail-1.0.tar.gz',
          hashes: { sha256: H.toUpperCase() },
          yanked: 'bad',
          size: 5,
        },
        {
          filename: 'holygrail-1.0-py3-none-any.whl',
          url: 'https://f.example/x.whl',
          hashes: {},
          'requires-python': '>=3.7',
          yanked: false,
        },
        { filename: 'other-1.0.tar.gz', url: 'x', hashes: {} },
      ],
    }),
    'holygrail',
    'https://idx.example/simple/holygrail/',
  )
  assert.equal(page.files.length, 2)
  assert.equal(page.files[0]?.url, 'https://idx.example/f/holygrail-1.0.tar.gz')
  assert.equal(page.files[0]?.sha256, H)
  assert.equal(page.files[0]?.yanked, 'bad')
  assert.equal(page.files[1]?.sha256, undefined)
  assert.deepEqual(page.versions, ['1.0'])
})

test('a page of another project, of API 2.x or not JSON is refused', () => {
  const page = (o: object) => JSON.stringify({ meta: { 'api-version': '1.1' }, name: 'x', files: [], ...o })
  assert.throws(() => parseSimpleJson(page({ name: 'y' }), 'x', 'https://i/'), kind('identity'))
  assert.throws(() => parseSimpleJson(page({ meta: { 'api-version': '2.0' } }), 'x', 'https://i/'), kind('protocol'))
  assert.throws(() => parseSimpleJson('<html>', 'x', 'https://i/'), kind('format'))
})

test('PEP 503 HTML: the hash fragment, escaped attributes, an empty data-yanked', () => {
  const html = `<!DOCTYPE html><html><body>
    <a href="/f/x-1.0.tar.gz#sha256=${H}" data-requires-python="&gt;=3.8">x-1.0.tar.gz</a><br/>
    <a href='/f/x-2.0-py3-none-any.whl#md5=00' data-yanked="">x-2.0-py3-none-any.whl</a>
  </body></html>`
  const page = parseSimpleHtml(html, 'x', 'https://i.example/simple/x/')
  assert.deepEqual(
    page.files.map((f) => [f.url, f.sha256, f.requiresPython, f.yanked]),
    [
      ['https://i.example/f/x-1.0.tar.gz', H, '>=3.8', false],
      ['https://i.example/f/x-2.0-py3-none-any.whl', undefined, undefined, true],
    ],
  )
  assert.deepEqual(page.versions, ['1.0', '2.0'])
})

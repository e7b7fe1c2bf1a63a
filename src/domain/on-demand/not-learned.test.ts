// What an answer says of a package its source could not give: a failed unit's reason in the message (code unchanged),
// made fit for any caller; a package not found at its source, or skipped, keeps its plain message. answerLearning's
// mapping over a port that answers each package's state as given (FIXTURE names).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { ComponentRef } from '../catalog/resolve-batch.ts'
import { NOT_FOUND_ERROR } from '../kb/ingest-queue.ts'
import type { Outcome } from '../shared/outcome.ts'
import { answerLearning, byOutcome } from './learn.ts'
import { learnedOf, notLearned, publicReason, REASON_MAX } from './not-learned.ts'
import type { LearnableSource, Learned, OnDemandPort } from './types.ts'

const NOT_FOUND: Outcome = { code: 'COMPONENT_NOT_FOUND', message: 'Component not found' }
const SNAPSHOT =
  'refused (format): golang.org/x/xerrors: golang-golang-x-xerrors-dev 0.0~git20200804.5ec99f8-1: Debian snapshot ' +
  '0.0~git20200804.5ec99f8 of an untagged commit: the commit date without its time, no Go pseudo-version'

test('a unit failed for good is failed with its error; not found at its source, skipped; done, done', () => {
  assert.deepEqual(learnedOf({ state: 'failed', lastError: SNAPSHOT }), { state: 'failed', reason: SNAPSHOT })
  assert.deepEqual(learnedOf({ state: 'failed', lastError: NOT_FOUND_ERROR }), { state: 'skipped' })
  assert.deepEqual(learnedOf({ state: 'done', lastError: null }), { state: 'done' })
  assert.deepEqual(learnedOf({ state: 'failed', lastError: null }), { state: 'failed', reason: '' })
})

test('the reason is added to the message, the code kept', () => {
  assert.deepEqual(notLearned(NOT_FOUND, SNAPSHOT), {
    code: 'COMPONENT_NOT_FOUND',
    message: `Component not found; it could not be learned from its source (${SNAPSHOT})`,
  })
  const version = { code: 'VERSION_NOT_FOUND', message: 'Version 2.0.0 not found' } as const
  assert.equal(notLearned(version, '').message, 'Version 2.0.0 not found; it could not be learned from its source')
})

test('a reason shows no credentials, query, absolute path or control character, and is bounded', () => {
  assert.equal(
    publicReason('GET https://user:s3cret@mirror.example/pool/m/x.jar?token=abc#f: 503'),
    'GET https://mirror.example/pool/m/x.jar: 503',
  )
  assert.equal(
    publicReason('refused (integrity): http://127.0.0.1:8080/repo/x.jar: sha1 differs'),
    'refused (integrity): http://127.0.0.1:8080/repo/x.jar: sha1 differs',
  )
  // cut short where the stored error was bounded: its user info may have lost its `@`
  assert.equal(publicReason('fetch failed: https://user:1234…'), 'fetch failed: https://…')
  assert.equal(publicReason('fetch of file:///srv/cache/a/b.deb failed'), 'fetch of file://…/b.deb failed')
  assert.equal(
    publicReason("ENOENT: no such file or directory, open '/var/lib/compintel/cache/x.json'"),
    "ENOENT: no such file or directory, open '…/x.json'",
  )
  assert.equal(publicReason('dpkg-deb (/tmp/compintel-debs-1/a.deb): bad'), 'dpkg-deb (…/a.deb): bad')
  // module paths and versions are no absolute paths
  assert.equal(
    publicReason('go.mod names "github.com/cespare/xxhash/v2", not github.com/cespare/xxhash'),
    'go.mod names "github.com/cespare/xxhash/v2", not github.com/cespare/xxhash',
  )
  assert.equal(publicReason('line one\nline\u0000two'), 'line one line two')
  const long = publicReason(`refused (size): ${'x'.repeat(1000)}`)
  assert.equal(long.length, REASON_MAX)
  assert.ok(long.endsWith('…'))
})

const GO: LearnableSource = { source: 'golang', purlTypes: ['golang'], nameOf: (p) => `${p.namespace}/${p.name}` }

/** A port answering each package's state as given (keyed by learnKey), never starting any work. */
function port(states: Record<string, Learned>): OnDemandPort {
  return { sources: [GO], learn: async () => new Map(Object.entries(states)) }
}

test("answers say what became of each package's fetch: being fetched, could not be learned and why, or nothing", async () => {
  const refs: ComponentRef[] = [
    { purl: 'pkg:golang/example.org/fixture/refused@v1.0.0' },
    { purl: 'pkg:golang/example.org/fixture/missing@v1.0.0' },
    { purl: 'pkg:golang/example.org/fixture/slow@v1.0.0' },
  ]
  const answer = async (r: readonly ComponentRef[]) => r.map((ref) => ({ purl: ref.purl, outcome: NOT_FOUND }))
  const ctx = {
    who: 'key:fixture',
    port: port({
      'golang:example.org/fixture/refused': { state: 'failed', reason: 'refused (identity): go.mod names another' },
      'golang:example.org/fixture/missing': { state: 'skipped' },
      'golang:example.org/fixture/slow': { state: 'pending' },
    }),
  }
  const got = await answerLearning(refs, answer, ctx, byOutcome())
  assert.deepEqual(
    got.map((a) => a.outcome),
    [
      {
        code: 'COMPONENT_NOT_FOUND',
        message:
          'Component not found; it could not be learned from its source (refused (identity): go.mod names another)',
      },
      NOT_FOUND,
      {
        code: 'COMPONENT_NOT_FOUND',
        message: 'Component not found; the component is being fetched from its registry: ask again shortly',
      },
    ],
  )
})

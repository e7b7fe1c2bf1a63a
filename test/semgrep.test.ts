// Static-analysis issues end to end: the fixture package `fixture-issues` (test/fixtures/npm, FIXTURE data) is
// ingested from the fixture registry on 127.0.0.1 through the real analyzers, then the semgrep endpoints are asked
// about it: files with issues only, by path, lines as strings, components in request order with outcomes.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import { issueRulesVersion } from '../src/ingest/semgrep/scan.ts'
import { type IngestedFixtures, ingestedFixtures } from './helpers/ingested-fixtures.ts'

const P = 'pkg:npm/fixture-issues'
const FIXTURE = new URL('./fixtures/npm/fixture-issues/1.0.0/', import.meta.url)
const md5 = (rel: string) =>
  createHash('md5')
    .update(readFileSync(new URL(rel, FIXTURE)))
    .digest('hex')
const issue = (ruleID: string, from: number, to: number, severity: string) => ({
  ruleID,
  from: String(from),
  to: String(to),
  severity,
})

/** What the rules must find in fixture-issues 1.0.0 (worked out by hand from the files). */
const EXPECTED_FILES = [
  {
    fileMD5: md5('index.js'),
    path: 'index.js',
    issues: [
      issue('semgrep.javascript.eval-dynamic', 6, 6, 'ERROR'),
      issue('semgrep.javascript.tls-reject-unauthorized-false', 9, 12, 'ERROR'),
      issue('semgrep.javascript.child-process-exec-dynamic', 15, 15, 'ERROR'),
    ],
  },
  {
    fileMD5: md5('lib/db.js'),
    path: 'lib/db.js',
    issues: [
      issue('semgrep.javascript.sql-string-concatenation', 5, 5, 'ERROR'),
      issue('semgrep.javascript.hash-md5-sha1', 9, 9, 'INFO'),
    ],
  },
  {
    fileMD5: md5('src/tool.py'),
    path: 'src/tool.py',
    issues: [issue('semgrep.python.subprocess-shell-true', 6, 6, 'ERROR')],
  },
]

describe('semgrep endpoints on an ingested fixture package', () => {
  let f: IngestedFixtures
  before(async () => {
    f = await ingestedFixtures(['fixture-issues', 'fixture-alpha'])
  })
  after(() => f.close())

  const post = async (url: string, body: object) => {
    const res = await f.t.app.inject({ method: 'POST', url, headers: { 'x-api-key': f.t.keys.full }, payload: body })
    assert.equal(res.statusCode, 200, res.body)
    return res.json()
  }

  test('the issues of a version: only files with issues, by path; issues by line; the rule set release', async () => {
    const body = await post('/v2/semgrep/issues/components', { components: [{ purl: P, requirement: '1.0.0' }] })
    assert.deepEqual(body.components, [
      {
        purl: P,
        version: '1.0.0',
        requirement: '1.0.0',
        files: EXPECTED_FILES,
        ruleset_version: issueRulesVersion(),
      },
    ])
    assert.equal(body.status.status, 'SUCCESS')
    assert.equal(body.status.message, 'Success')
  })

  test('components in request order, each with its outcome; purl and requirement echoed as sent', async () => {
    const body = await post('/v2/semgrep/issues/components', {
      components: [
        { purl: P }, // highest: 1.1.0, analyzed, nothing found
        { purl: `${P}@1.0.0` },
        { purl: P, requirement: '^1.0.0' },
        { purl: 'pkg:npm/fixture-alpha', requirement: '1.1.0' },
        { purl: 'pkg:npm/no-such-fixture' },
        { purl: 'not a purl' },
        { purl: P, requirement: '>=9' },
      ],
    })
    const [fixed, pinned, range, alpha, unknown, bad, noVersion] = body.components
    assert.deepEqual(fixed, {
      purl: P,
      version: '1.1.0',
      requirement: '',
      files: [],
      ruleset_version: issueRulesVersion(),
    })
    assert.deepEqual([pinned.purl, pinned.version, pinned.requirement], [`${P}@1.0.0`, '1.0.0', ''])
    assert.deepEqual(pinned.files, EXPECTED_FILES)
    assert.deepEqual([range.version, range.requirement, range.files], ['1.1.0', '^1.0.0', []])
    assert.deepEqual([alpha.version, alpha.files, alpha.error_code], ['1.1.0', [], undefined])
    assert.deepEqual(
      [unknown.error_code, unknown.info_code, unknown.version, unknown.files],
      ['COMPONENT_NOT_FOUND', 'COMPONENT_NOT_FOUND', '', []],
    )
    assert.deepEqual([bad.purl, bad.error_code, bad.files], ['not a purl', 'INVALID_PURL', []])
    assert.deepEqual([noVersion.error_code, noVersion.version, noVersion.requirement], ['VERSION_NOT_FOUND', '', '>=9'])
    assert.equal(body.status.status, 'SUCCESS')
  })

  test('a version that was never analyzed → NO_INFO, with the resolved version', async () => {
    const alpha = await f.storage.db
      .selectFrom('versions as v')
      .innerJoin('components as c', 'c.id', 'v.component_id')
      .select('v.id')
      .where('c.purl', '=', 'pkg:npm/fixture-alpha')
      .where('v.version', '=', '1.0.0')
      .executeTakeFirstOrThrow()
    await f.storage.db
      .deleteFrom('analyses')
      .where('version_id', '=', alpha.id)
      .where('analyzer', '=', 'semgrep')
      .execute()
    const res = await f.t.app.inject({
      method: 'GET',
      url: '/v2/semgrep/issues/component?purl=pkg:npm/fixture-alpha&requirement=1.0.0',
      headers: { 'x-api-key': f.t.keys.full },
    })
    assert.equal(res.statusCode, 200)
    const { component } = res.json()
    assert.deepEqual(component, {
      purl: 'pkg:npm/fixture-alpha',
      version: '1.0.0',
      requirement: '1.0.0',
      files: [],
      error_code: 'NO_INFO',
      error_message: 'No static-analysis information for pkg:npm/fixture-alpha@1.0.0',
      info_code: 'NO_INFO',
      info_message: 'No static-analysis information for pkg:npm/fixture-alpha@1.0.0',
    })
  })

  test('GET for one component answers what the batch answers for it', async () => {
    const res = await f.t.app.inject({
      method: 'GET',
      url: `/v2/semgrep/issues/component?purl=${encodeURIComponent(P)}&requirement=1.0.0`,
      headers: { 'x-api-key': f.t.keys.full },
    })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json().component.files, EXPECTED_FILES)
    assert.equal(res.json().status.status, 'SUCCESS')
  })

  test('the older {purls} form at /api/v2/semgrep/issues', async () => {
    const body = await post('/api/v2/semgrep/issues', { purls: [{ purl: `${P}@1.0.0` }, { purl: 'pkg:npm/nope' }] })
    assert.equal(body.purls.length, 2)
    assert.deepEqual(body.purls[0].files, EXPECTED_FILES)
    assert.equal(body.purls[1].error_code, 'COMPONENT_NOT_FOUND')
  })

  test('bad requests: empty batch, too many components, missing purl → 400 in the error shape', async () => {
    const cases: [string, object][] = [
      ['/v2/semgrep/issues/components', { components: [] }],
      ['/v2/semgrep/issues/components', { components: Array.from({ length: 1001 }, () => ({ purl: P })) }],
      ['/v2/semgrep/issues/components', {}],
      ['/api/v2/semgrep/issues', { purls: [] }],
    ]
    for (const [url, payload] of cases) {
      const res = await f.t.app.inject({ method: 'POST', url, headers: { 'x-api-key': f.t.keys.full }, payload })
      assert.equal(res.statusCode, 400, `${url} ${JSON.stringify(payload).slice(0, 40)}`)
      assert.equal(res.json().status.status, 'FAILED')
    }
    const get = await f.t.app.inject({
      method: 'GET',
      url: '/v2/semgrep/issues/component',
      headers: { 'x-api-key': f.t.keys.full },
    })
    assert.equal(get.statusCode, 400)
  })
})

// The table of sources: each queue source and purl type declared once, names that are paths, URLs or options never
// fetched, the feeds `update` reads the same as the configuration's, and the domain finding each purl's source
// through the table alone (learnRequests over PACKAGE_SOURCES, as the on-demand port hands it over).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { parseConfig } from '../config/config.ts'
import { learnRequests } from '../domain/on-demand/learn.ts'
import { FEED_SOURCES, PACKAGE_SOURCES } from './index.ts'

test('each queue source and each purl type is declared once', () => {
  const names = PACKAGE_SOURCES.map((s) => s.source)
  assert.deepEqual(names, [...new Set(names)])
  const types = PACKAGE_SOURCES.flatMap((s) => s.purlTypes)
  assert.deepEqual(types, [...new Set(types)])
  const feeds = FEED_SOURCES.map((f) => f.kind)
  assert.deepEqual([...feeds].sort(), Object.keys(parseConfig({}).growth.feeds).sort())
})

test('no source fetches a blank, a path, a URL or an option; each fetches a plain name', () => {
  for (const s of PACKAGE_SOURCES) {
    for (const bad of ['', ' ', '../etc/passwd', 'a/../../b', 'http://127.0.0.1/x', '--config=x', 'x'.repeat(300)])
      assert.equal(s.fetchable(bad), false, `${s.source} refuses ${JSON.stringify(bad)}`)
    // Maven's names are groupId:artifactId; a Go module path is a domain name and a path (go.dev/ref/mod#module-path)
    const plain = s.source === 'maven' ? 'org.example:zlib1g' : s.source === 'golang' ? 'example.com/zlib1g' : 'zlib1g'
    assert.equal(s.fetchable(plain), true, `${s.source} fetches a plain name`)
  }
})

test("a unit's options do not depend on what the answer needs, so the two requests join one unit", () => {
  for (const s of PACKAGE_SOURCES)
    for (const mode of ['metadata', 'analyze'] as const) {
      const a = s.phases(mode, { source: s.source, name: 'x', asked: ['1.0.0'], need: 'metadata' })
      const b = s.phases(mode, { source: s.source, name: 'x', asked: ['1.0.0'], need: 'analysis' })
      assert.deepEqual(a, b)
      assert.doesNotThrow(() => JSON.parse(a.known))
    }
})

test('each purl is learned from the source whose type it is, under the name that source knows, or from none', () => {
  const purls = [
    'pkg:npm/%40scope/pkg@1.0.0',
    'pkg:npm/left-pad',
    'pkg:npm/private?repository_url=https://npm.example.test',
    'pkg:deb/debian/bc@1.07.1-3',
    'pkg:deb/ubuntu/bc',
    'pkg:pypi/Requests_OAuthlib',
    'pkg:pypi/requests?repository_url=https://pypi.example.test/simple',
    'pkg:cran/ggplot2',
  ]
  const { requests, keys } = learnRequests(
    purls.map((purl) => ({ ref: { purl }, need: 'metadata' as const })),
    PACKAGE_SOURCES,
  )
  assert.deepEqual(
    requests.map((r) => [r.source, r.name, r.asked]),
    [
      ['npm', '@scope/pkg', ['1.0.0']],
      ['npm', 'left-pad', ['']],
      ['debian', 'bc', ['1.07.1-3']],
      ['pypi', 'requests-oauthlib', ['']],
    ],
  )
  assert.deepEqual(keys, [
    'npm:@scope/pkg',
    'npm:left-pad',
    undefined,
    'debian:bc',
    undefined,
    'pypi:requests-oauthlib',
    undefined,
    undefined,
  ])
})

test("each package source's ingest command has a usage and options of its own, none of the shared ones", () => {
  const shared = ['from-file', 'skip-analyzer', 'enqueue']
  for (const s of PACKAGE_SOURCES) {
    assert.ok(s.ingest.usage.startsWith('<name…>'), `${s.source}: usage names the packages first`)
    for (const o of shared) assert.equal(s.ingest.options[o], undefined, `${s.source} redefines --${o}`)
  }
})

// The core metadata parser over real METADATA and PKG-INFO files (FIXTURE, test/fixtures/pypi/README.md): the
// fields kept, repeated fields, continuation lines, the body left unread; made-up input for what no real file shows.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { MetadataError, metadataFields, parseCoreMetadata } from './metadata.ts'

const real = (file: string) =>
  parseCoreMetadata(readFileSync(new URL(`../../../test/fixtures/pypi/metadata/${file}`, import.meta.url), 'utf8'))

test('an egg-info PKG-INFO (six 1.16.0): the fields kept, setuptools UNKNOWN as none, the body unread', () => {
  const m = real('six-1.16.0.PKG-INFO')
  assert.deepEqual(
    [m.metadataVersion, m.name, m.version, m.summary, m.homePage, m.license, m.requiresPython],
    [
      '2.1',
      'six',
      '1.16.0',
      'Python 2 and 3 compatibility utilities',
      'https://github.com/benjaminp/six',
      'MIT',
      '>=2.7, !=3.0.*, !=3.1.*, !=3.2.*',
    ],
  )
  assert.ok(m.classifiers.includes('License :: OSI Approved :: MIT License'))
  assert.equal(m.classifiers.length, 7)
  assert.deepEqual(m.requiresDist, [])
})

test('a dist-info METADATA (url-normalize 1.4.3): Requires-Dist and Project-URL pairs', () => {
  const m = real('url_normalize-1.4.3.METADATA')
  assert.deepEqual(m.requiresDist, ['six'])
  assert.deepEqual(m.projectUrls, [
    { label: 'Bug Tracker', url: 'https://github.com/niksite/url-normalize/issues' },
    { label: 'Changelog', url: 'https://github.com/niksite/url-normalize#url-normalize' },
    { label: 'Repository', url: 'https://github.com/niksite/url-normalize' },
  ])
  // its description repeats "License: MIT License" in the body, which is not a header
  assert.equal(m.license, 'MIT')
})

test('a License field holding the whole license text (comm 0.1.2): continuation lines folded into it', () => {
  const m = real('comm-0.1.2.METADATA')
  assert.match(m.license, /^BSD 3-Clause License\n\nCopyright \(c\) 2022, Jupyter\nAll rights reserved\./)
  assert.deepEqual(m.requiresDist, ['traitlets>=5.3', "pytest; extra == 'test'"])
  assert.deepEqual(m.projectUrls, [{ label: 'Homepage', url: 'https://github.com/ipython/comm' }])
})

test('metadata 2.4 (attrs 25.3.0): License-Expression, many requirements', () => {
  const m = real('attrs-25.3.0.METADATA')
  assert.equal(m.metadataVersion, '2.4')
  assert.equal(m.licenseExpression, 'MIT')
  assert.equal(m.license, '')
  assert.ok(m.requiresDist.includes("pytest-xdist[psutil]; extra == 'benchmark'"), m.requiresDist.join('\n'))
})

test('no Name or no Version: refused', () => {
  assert.throws(() => parseCoreMetadata('Metadata-Version: 2.1\nVersion: 1.0\n'), MetadataError)
  assert.throws(() => parseCoreMetadata('Metadata-Version: 2.1\nName: x\n'), /no Version/)
  assert.throws(() => parseCoreMetadata(''), MetadataError)
})

test('hostile input: a line without a colon skipped, a value bounded, a field repeated past the bound dropped', () => {
  const many = Array.from({ length: 3000 }, (_, i) => `Classifier: c${i}`).join('\n')
  const f = metadataFields(`Name: x\nnonsense line\n  continues nothing\nSummary: ${'s'.repeat(100_000)}\n${many}\n`)
  assert.deepEqual(f.get('name'), ['x'])
  assert.equal(f.get('summary')?.[0]?.length, 64 * 1024)
  assert.equal(f.get('classifier')?.length, 2000)
})

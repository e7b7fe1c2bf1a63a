// Debian versions of golang-*-dev packages (real ones, from bookworm's Packages index) as Go module versions.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { goVersionOfDebian } from './debian-version.ts'

test('releases: epoch, revision and repack suffixes dropped, a v in front, ~ as -', () => {
  assert.deepEqual(goVersionOfDebian('1:0.7.0+dfsg-1', 'golang.org/x/net', true), {
    kind: 'release',
    version: 'v0.7.0',
  })
  assert.deepEqual(goVersionOfDebian('1.8.1-1', 'github.com/stretchr/testify', true), {
    kind: 'release',
    version: 'v1.8.1',
  })
  assert.deepEqual(goVersionOfDebian('2.1.6+ds1-1', 'example.com/m/v2', true), { kind: 'release', version: 'v2.1.6' })
  assert.deepEqual(goVersionOfDebian('1.6.20~ds1-1+deb12u3', 'example.com/m', true), {
    kind: 'release',
    version: 'v1.6.20',
  })
  assert.deepEqual(goVersionOfDebian('1.0.0~rc1-2', 'example.com/m', true), { kind: 'release', version: 'v1.0.0-rc1' })
})

test('major versions: /vN and gopkg.in .vN paths; +incompatible only without a go.mod', () => {
  assert.deepEqual(goVersionOfDebian('3.0.1-3', 'gopkg.in/yaml.v3', true), { kind: 'release', version: 'v3.0.1' })
  assert.deepEqual(goVersionOfDebian('2.8.2+ds1-1', 'example.com/m', false), {
    kind: 'release',
    version: 'v2.8.2+incompatible',
  })
  assert.equal(goVersionOfDebian('2.8.2+ds1-1', 'example.com/m', true).kind, 'unmapped')
  assert.equal(goVersionOfDebian('1.2.0-1', 'example.com/m/v3', true).kind, 'unmapped')
})

test("Debian's snapshots: a Debian snapshot unless the full commit time and a 12-character hash are there", () => {
  for (const v of [
    '0.0~git20200617.da1b656-4',
    '0.0~git20160811.0.371fbbd-4',
    '0.0~hg20120502-3',
    '0.0~git20171119.ac7624ea8da3-1.1',
  ]) {
    const r = goVersionOfDebian(v, 'example.com/m', true)
    assert.equal(r.kind, 'snapshot', v)
    assert.match((r as { why: string }).why, /Debian snapshot .* no Go pseudo-version/)
  }
  assert.deepEqual(goVersionOfDebian('0.0~git20230101123456.abcdef123456-1', 'example.com/m', true), {
    kind: 'pseudo',
    version: 'v0.0.0-20230101123456-abcdef123456',
  })
  assert.deepEqual(goVersionOfDebian('1.2.3+git20230101123456.abcdef1234567890-1', 'example.com/m', true), {
    kind: 'pseudo',
    version: 'v1.2.4-0.20230101123456-abcdef123456',
  })
})

test('a snapshot is the asked pseudo-version naming its commit (real bookworm versions and their Go pseudo-versions)', () => {
  // the pseudo-versions the go command writes for these commits, as public go.mod files require them
  const xerrors = 'v0.0.0-20200804184101-5ec99f83aff1'
  const check = 'v1.0.0-20200902074654-038fdea0a05b'
  const diff = 'v0.0.0-20210226163009-20ebb0f2a09e'
  assert.deepEqual(goVersionOfDebian('0.0~git20200804.5ec99f8-1', 'golang.org/x/xerrors', true, ['', xerrors]), {
    kind: 'pseudo',
    version: xerrors,
  })
  // Debian's 0.0+git is no release either; gopkg.in/check.v1's pseudo-versions are v1.0.0-t-h
  assert.deepEqual(goVersionOfDebian('0.0+git20200902.038fdea-1', 'gopkg.in/check.v1', true, [check]), {
    kind: 'pseudo',
    version: check,
  })
  assert.deepEqual(goVersionOfDebian('0.0~git20210226.20ebb0f-1', 'github.com/pkg/diff', true, [xerrors, diff]), {
    kind: 'pseudo',
    version: diff,
  })
  // another commit (its hash, or its date), another module's version, or none asked: still a Debian snapshot
  for (const asked of [[diff], ['v0.0.0-20200805184101-5ec99f83aff1'], ['v1.2.3'], []]) {
    const r = goVersionOfDebian('0.0~git20200804.5ec99f8-1', 'golang.org/x/xerrors', true, asked)
    assert.equal(r.kind, 'snapshot', JSON.stringify(asked))
  }
  assert.match(
    (goVersionOfDebian('0.0~git20200804.5ec99f8-1', 'golang.org/x/xerrors', true, [diff]) as { why: string }).why,
    /no Go pseudo-version \(v0\.0\.0-20210226163009-20ebb0f2a09e: another commit\)$/,
  )
})

test('FIXTURE pseudo-versions: the base must agree with the snapshot, the major with the module path', () => {
  const t = '20230101123456'
  const h = 'abcdef123456'
  // after the release 1.2.3 (1.2.3+git): v1.2.4-0.t-h, not v0.0.0-t-h
  assert.deepEqual(goVersionOfDebian('1.2.3+git20230101.abcdef1-1', 'example.com/m', true, [`v1.2.4-0.${t}-${h}`]), {
    kind: 'pseudo',
    version: `v1.2.4-0.${t}-${h}`,
  })
  assert.equal(
    goVersionOfDebian('1.2.3+git20230101.abcdef1-1', 'example.com/m', true, [`v0.0.0-${t}-${h}`]).kind,
    'snapshot',
  )
  // no release: the major is the module path's; v2 of a module without /v2 is no version of it
  assert.equal(
    goVersionOfDebian('0.0~git20230101.abcdef1-1', 'example.com/m', true, [`v2.0.0-${t}-${h}`]).kind,
    'snapshot',
  )
  assert.deepEqual(goVersionOfDebian('0.0~git20230101.abcdef1-1', 'example.com/m/v2', true, [`v2.0.0-${t}-${h}`]), {
    kind: 'pseudo',
    version: `v2.0.0-${t}-${h}`,
  })
  // a snapshot without a hash names no commit
  assert.equal(
    goVersionOfDebian('0.0~hg20120502-3', 'example.com/m', true, [`v0.0.0-20120502123456-${h}`]).kind,
    'snapshot',
  )
})

test('what is no Go version is said so', () => {
  assert.equal(goVersionOfDebian('20.10.24+dfsg1-1+deb12u1', 'example.com/m', true).kind, 'unmapped')
  assert.equal(goVersionOfDebian('5.6.0.9+dfsg-3', 'example.com/m', true).kind, 'unmapped')
})

import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  escapePath,
  escapeVersion,
  filePathProblem,
  isCanonicalVersion,
  isGoSemver,
  isPseudoVersion,
  modulePathProblem,
  splitMajor,
  unescapePath,
  unescapeVersion,
} from './module-path.ts'

test('case-encoding both ways: each upper-case letter as ! and its lower case', () => {
  assert.equal(escapePath('github.com/BurntSushi/toml'), 'github.com/!burnt!sushi/toml')
  assert.equal(escapePath('golang.org/x/text'), 'golang.org/x/text')
  assert.equal(unescapePath('github.com/!burnt!sushi/toml'), 'github.com/BurntSushi/toml')
  assert.equal(escapeVersion('v1.0.0-RC1'), 'v1.0.0-!r!c1')
  assert.equal(unescapeVersion('v1.0.0-!r!c1'), 'v1.0.0-RC1')
  // not valid escapes: an upper-case letter, `!` before a non-letter or at the end, non-ASCII
  for (const bad of ['github.com/Burnt/x', 'github.com/!!x/y', 'github.com/x!', 'github.com/!1/x', 'exämple.com/x'])
    assert.equal(unescapePath(bad), undefined, bad)
  assert.equal(escapeVersion('v1.0.0!'), undefined)
})

test('module paths the go command refuses are not escaped', () => {
  for (const ok of ['github.com', 'rsc.io/quote/v3', 'gopkg.in/yaml.v2', 'github.com/BurntSushi/toml'])
    assert.equal(modulePathProblem(ok), undefined, ok)
  for (const bad of [
    '',
    'quote', // no dot in the first element
    'Rsc.io/quote', // upper case in the first element
    '-rsc.io/quote',
    'rsc.io//quote',
    'rsc.io/quote/',
    'rsc.io/../etc',
    'rsc.io/.hidden',
    'rsc.io/quote.',
    'rsc.io/a b',
    'rsc.io/con',
    'rsc.io/quote/v1',
    'rsc.io/quote/v0',
    'rsc.io/x~1',
  ]) {
    assert.ok(modulePathProblem(bad), bad)
    assert.equal(escapePath(bad), undefined, bad)
  }
})

test('a major-version suffix split off as module.SplitPathVersion does', () => {
  assert.deepEqual(splitMajor('github.com/cespare/xxhash/v2'), { prefix: 'github.com/cespare/xxhash', major: '2' })
  assert.deepEqual(splitMajor('github.com/coreos/go-systemd/v22'), {
    prefix: 'github.com/coreos/go-systemd',
    major: '22',
  })
  assert.equal(splitMajor('github.com/stretchr/testify'), undefined)
  assert.equal(splitMajor('gopkg.in/yaml.v3'), undefined) // gopkg.in's .vN is no /vN suffix
})

test('file paths of a module zip (module.CheckFilePath)', () => {
  for (const ok of ['go.mod', 'a/b.go', '.gitignore', 'dir/with space/x.go', 'testdata/ü.txt', 'x~1.go'])
    assert.equal(filePathProblem(ok), undefined, ok)
  for (const bad of ['', '../x', 'a/../b', '/abs', 'a//b', 'a/', 'a/./b', 'a\\b', 'a:b', 'a*b', 'x/nul.txt', 'a"b'])
    assert.ok(filePathProblem(bad), bad)
})

test('versions: Go semver, canonical, pseudo-versions', () => {
  assert.ok(isGoSemver('v1.2.3') && isGoSemver('v1') && isGoSemver('v1.2') && isGoSemver('v2.0.0+incompatible'))
  assert.ok(!isGoSemver('1.2.3') && !isGoSemver('v1.2.3.4') && !isGoSemver('v01.2.3') && !isGoSemver('v1.2-pre'))
  assert.ok(
    isCanonicalVersion('v1.2.3') && isCanonicalVersion('v1.2.3-rc.1') && isCanonicalVersion('v2.0.0+incompatible'),
  )
  assert.ok(!isCanonicalVersion('v1.2') && !isCanonicalVersion('v1.2.3+meta'))
  for (const p of [
    'v0.0.0-20191109021931-daa7c04131f5',
    'v1.2.4-0.20191109021931-daa7c04131f5',
    'v1.2.4-pre.0.20191109021931-daa7c04131f5',
  ])
    assert.ok(isPseudoVersion(p), p)
  assert.ok(!isPseudoVersion('v1.2.3') && !isPseudoVersion('v1.2.3-rc.1'))
})

// The names and versions each ecosystem's rules allow: real ones from the npm registry and Debian bookworm pass,
// hostile ones (markup, URL syntax, blanks, spaces, control characters) are refused.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { nameProblem, versionProblem } from './ecosystem-rules.ts'

test('npm names: the old packages rules (mixed case, core module names) pass; what npm rejects does not', () => {
  for (const ok of ['react', '@babel/core', 'JSONStream', 'string_decoder', 'events', 'lodash.merge', 'scanner.c'])
    assert.equal(nameProblem('npm', ok), undefined, ok)
  for (const bad of ['', '<img src=x>', 'x?a=b#c', 'a b', ' react', '.hidden', '_private', 'node_modules', '@/x'])
    assert.match(nameProblem('npm', bad) ?? '', /^not an npm package name/, JSON.stringify(bad))
  assert.match(nameProblem('npm', '@scope/../x') ?? '', /URL-friendly/)
})

test('npm versions: semver, loosely as the registry once accepted (express 1.0.0beta), as published', () => {
  for (const ok of ['1.0.0', '0.0.1-1', '19.0.0-rc-6230622a1a-20240610', '1.0.0+build.1', '1.0.0beta', '3.0.0rc1'])
    assert.equal(versionProblem('npm', ok), undefined, ok)
  for (const bad of ['', '1.0', 'v1.0.0', '=1.0.0', ' 1.0.0', '1.0.0 ', '<img src=x>', '1.0.0?a=b#c', 'latest'])
    assert.match(versionProblem('npm', bad) ?? '', /^not an npm version/, JSON.stringify(bad))
  assert.match(versionProblem('npm', `1.0.0-${'a'.repeat(260)}`) ?? '', /longer than 256/)
})

test('Debian names: Policy 5.6.1', () => {
  for (const ok of ['libc6', 'libstdc++6', 'g++-12', 'python3.11', '0ad'])
    assert.equal(nameProblem('deb', ok), undefined)
  for (const bad of ['', 'a', 'LibC6', '-libc', 'lib_c', 'lib c', '<img>', 'x?a=b'])
    assert.match(nameProblem('deb', bad) ?? '', /^not a Debian package name/, JSON.stringify(bad))
})

test('Debian versions: Policy 5.6.12 as dpkg parses it', () => {
  for (const ok of ['2.36-9+deb12u4', '1:2.38.1-5+deb12u3', '3.0.11-1~deb12u2', '1.0', '2:1.0~rc1', '1.2-3-4', '1:1:0'])
    assert.equal(versionProblem('deb', ok), undefined, ok)
  for (const bad of [
    '',
    'a1.0',
    '1.0-',
    '1.0 1',
    ' 1.0',
    '1:',
    'x:1.0',
    '1.0-a_b',
    '1:0<img>',
    '2147483648:1',
    '1.0:2',
  ])
    assert.match(versionProblem('deb', bad) ?? '', /^not a Debian version/, JSON.stringify(bad))
})

test('PyPI names and versions: PEP 508 names, PEP 440 versions', () => {
  for (const ok of ['requests', 'Flask', 'zope.interface', 'typing_extensions', '3to2', 'A'])
    assert.equal(nameProblem('pypi', ok), undefined, ok)
  for (const bad of ['', '-x', 'x-', 'a b', 'x?a=b', '<img>', 'caf\u00e9', 'x/y'])
    assert.match(nameProblem('pypi', bad) ?? '', /^not a Python distribution name/, JSON.stringify(bad))
  for (const ok of ['2.31.0', '1.0rc1', '1!2.0.post1.dev3', '1.0+ubuntu.1', '2013b'])
    assert.equal(versionProblem('pypi', ok), undefined, ok)
  for (const bad of ['', '1.0-beta-final', ' 1.0', 'latest', '1.0.0?a=b', 'dev-r1234'])
    assert.match(versionProblem('pypi', bad) ?? '', /^not a Python version/, JSON.stringify(bad))
})

test("crates: crates.io's names, SemVer 2.0.0 versions", () => {
  for (const ok of ['serde', 'serde_json', 'tokio-util', 'Inflector', `a${'b'.repeat(63)}`])
    assert.equal(nameProblem('cargo', ok), undefined, ok)
  for (const bad of ['', '1password', '_x', 'a.b', 'a b', '<img>', `a${'b'.repeat(64)}`])
    assert.match(nameProblem('cargo', bad) ?? '', /^not a crate name/, JSON.stringify(bad))
  for (const ok of ['1.0.0', '0.3.0-alpha.1', '1.0.0+zstd.1.5.5'])
    assert.equal(versionProblem('cargo', ok), undefined, ok)
  for (const bad of ['', '1.0', 'v1.0.0', '01.0.0', '1.0.0 ', '1.0.0.0'])
    assert.match(versionProblem('cargo', bad) ?? '', /^not a crate version/, JSON.stringify(bad))
})

test('maven: groupId:artifactId names', () => {
  for (const ok of ['org.apache.commons:commons-lang3', 'com.google.guava:guava', 'io.netty:netty-tcnative'])
    assert.equal(nameProblem('maven', ok), undefined, ok)
  for (const bad of ['', 'guava', 'a:b:c', 'a/b:c', '../x:y', 'a..b:c', ':x', 'a b:c'])
    assert.match(nameProblem('maven', bad) ?? '', /^not a Maven/, JSON.stringify(bad))
})

test('types without rules here accept any name and version', () => {
  assert.equal(nameProblem('gem', 'anything at all'), undefined)
  assert.equal(versionProblem('maven', 'x y'), undefined)
})

test('Go module paths: a domain name, then elements; case kept; dot-only elements, spaces and bare names refused', () => {
  for (const ok of ['github.com/BurntSushi/toml', 'gopkg.in/yaml.v3', 'github.com/gdamore/tcell/v2', 'go.uber.org/zap'])
    assert.equal(nameProblem('golang', ok), undefined, ok)
  for (const bad of ['zlib1g', 'github.com', 'github.com/a/../b', 'example.com/a b', 'http://example.com/x', ''])
    assert.match(nameProblem('golang', bad) ?? '', /not a Go module path/, bad)
})

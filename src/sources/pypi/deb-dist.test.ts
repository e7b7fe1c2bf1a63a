// A distribution in an unpacked dist-packages tree (made up here, laid out as Debian's packages lay it out: the real
// ones are read in test/ingest-pypi.test.ts): found by its normalised name, its own files from RECORD (never a path
// leaving dist-packages) or top_level.txt (packages, modules, compiled modules), its metadata bounded.
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { distMembers, findDists } from './deb-dist.ts'

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'dist-packages-'))
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, f)), { recursive: true })
    writeFileSync(path.join(root, f), text)
  }
  return root
}

test('a dist-info: found by any spelling of its name, its RECORD names its files', () => {
  const root = tree({
    'Foo_Bar-1.0.dist-info/METADATA': 'Name: Foo-Bar\nVersion: 1.0\n',
    'Foo_Bar-1.0.dist-info/RECORD':
      'foo_bar/__init__.py,sha256=x,1\nfoo_bar.pth,,\n../../../bin/foo,,\n/etc/x,,\nabsent.py,,\n',
    'foo_bar/__init__.py': '',
    'foo_bar.pth': '',
    'other/__init__.py': '',
    'other-2.0.dist-info/METADATA': 'Name: other\nVersion: 2.0\n',
  })
  const [d, ...rest] = findDists(root, 'foo.bar')
  assert.deepEqual(rest, [])
  assert.deepEqual([d?.name, d?.version, d?.metadataPath], ['Foo_Bar', '1.0', 'Foo_Bar-1.0.dist-info/METADATA'])
  assert.deepEqual(distMembers(root, d as NonNullable<typeof d>), ['Foo_Bar-1.0.dist-info', 'foo_bar', 'foo_bar.pth'])
})

test('an egg-info: top_level.txt names a package, a module and a compiled module; an egg-info file alone', () => {
  const root = tree({
    'yaml-6.0.egg-info/PKG-INFO': 'Name: PyYAML\nVersion: 6.0\n',
    'yaml-6.0.egg-info/requires.txt': 'six\n',
    'yaml-6.0.egg-info/top_level.txt': '_yaml\nyaml\n',
    'yaml/__init__.py': '',
    '_yaml.cpython-311-x86_64-linux-gnu.so': '',
    'yamlish.py': '',
    'solo-1.2.egg-info': 'Name: solo\nVersion: 1.2\n',
  })
  const [d] = findDists(root, 'yaml')
  assert.equal(d?.requiresTxt, 'six\n')
  assert.deepEqual(distMembers(root, d as NonNullable<typeof d>), [
    '_yaml.cpython-311-x86_64-linux-gnu.so',
    'yaml',
    'yaml-6.0.egg-info',
  ])
  const [solo] = findDists(root, 'solo')
  assert.deepEqual([solo?.metadataPath, solo?.metadata], ['solo-1.2.egg-info', 'Name: solo\nVersion: 1.2\n'])
})

test('a metadata file over the bound, or a missing tree, is no distribution', () => {
  const root = tree({ 'big-1.0.dist-info/METADATA': 'x'.repeat(1024 * 1024 + 1) })
  assert.deepEqual(findDists(root, 'big'), [])
  assert.deepEqual(findDists(path.join(root, 'nowhere'), 'big'), [])
})

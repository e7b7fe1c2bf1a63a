// npm dependency specifiers: what is followed in the registry (and under which name) and what is only reported.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { classifySpecifier, npmPurl } from './specifier.ts'

const cases: { spec: string; want: ReturnType<typeof classifySpecifier> }[] = [
  { spec: '^1.2.0', want: { kind: 'registry', name: 'dep', range: '^1.2.0' } },
  { spec: ' 1.x || >=3 ', want: { kind: 'registry', name: 'dep', range: '1.x || >=3' } },
  { spec: '1.0.0 - 2.0.0', want: { kind: 'registry', name: 'dep', range: '1.0.0 - 2.0.0' } },
  { spec: '', want: { kind: 'registry', name: 'dep', range: '' } },
  { spec: '*', want: { kind: 'registry', name: 'dep', range: '*' } },
  { spec: 'latest', want: { kind: 'registry', name: 'dep', range: 'latest' } },
  { spec: 'next', want: { kind: 'registry', name: 'dep', range: 'next' } },
  { spec: 'npm:other@^2.2.0', want: { kind: 'registry', name: 'other', range: '^2.2.0' } },
  { spec: 'npm:@scope/other@1.0.0', want: { kind: 'registry', name: '@scope/other', range: '1.0.0' } },
  { spec: 'npm:@scope/other', want: { kind: 'registry', name: '@scope/other', range: '' } },
  { spec: 'npm:other', want: { kind: 'registry', name: 'other', range: '' } },
  { spec: 'git+https://example.invalid/x.git', want: { kind: 'git', name: 'dep' } },
  { spec: 'git://github.com/a/b.git#v1', want: { kind: 'git', name: 'dep' } },
  { spec: 'git@github.com:a/b.git', want: { kind: 'git', name: 'dep' } },
  { spec: 'github:isaacs/cliui#esm', want: { kind: 'git', name: 'dep' } },
  { spec: 'isaacs/cliui#esm', want: { kind: 'git', name: 'dep' } },
  { spec: 'https://github.com/a/b.git', want: { kind: 'git', name: 'dep' } },
  { spec: 'https://example.invalid/x/tarball/master', want: { kind: 'url', name: 'dep' } },
  { spec: 'file:../x', want: { kind: 'file', name: 'dep' } },
  { spec: './vendor/x', want: { kind: 'file', name: 'dep' } },
  { spec: 'x-1.0.0.tgz', want: { kind: 'file', name: 'dep' } },
  { spec: 'workspace:^1.0.0', want: { kind: 'workspace', name: 'dep' } },
  { spec: 'link:../x', want: { kind: 'workspace', name: 'dep' } },
]

for (const c of cases) {
  test(`specifier ${JSON.stringify(c.spec)}`, () => {
    assert.deepEqual(classifySpecifier('dep', c.spec), c.want)
  })
}

test('npm purls of plain and scoped names', () => {
  assert.equal(npmPurl('lodash'), 'pkg:npm/lodash')
  assert.equal(npmPurl('@babel/core'), 'pkg:npm/%40babel/core')
  assert.equal(npmPurl('JSONStream'), 'pkg:npm/JSONStream')
})

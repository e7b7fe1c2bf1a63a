import assert from 'node:assert/strict'
import { test } from 'node:test'
import { distributionOf, isPypiName } from './pypi-name.ts'

test('project names: letters or digits at both ends', () => {
  for (const n of ['a', 'zope.interface', 'Django', 'backports_abc']) assert.ok(isPypiName(n), n)
  for (const n of ['', '-a', 'a-', '../x', 'a b', 'a/b']) assert.ok(!isPypiName(n), n)
})

test("a file's kind and version: wheels (with and without a build tag) and sdists, other projects' files left out", () => {
  const cases: [string, string, ReturnType<typeof distributionOf>][] = [
    ['six-1.16.0-py2.py3-none-any.whl', 'six', { kind: 'wheel', version: '1.16.0' }],
    ['zope.interface-6.0-1-cp311-cp311-manylinux_2_17_x86_64.whl', 'zope-interface', { kind: 'wheel', version: '6.0' }],
    ['six-1.16.0.tar.gz', 'six', { kind: 'sdist', version: '1.16.0' }],
    ['typing_extensions-4.8.0.tar.gz', 'typing-extensions', { kind: 'sdist', version: '4.8.0' }],
    ['python-dateutil-2.8.2.tar.gz', 'python-dateutil', { kind: 'sdist', version: '2.8.2' }],
    ['sixer-1.0.tar.gz', 'six', undefined],
    ['six-1.16.0.exe', 'six', undefined],
    ['six-1.16.0-py3-none.whl', 'six', undefined],
  ]
  for (const [file, project, want] of cases) assert.deepEqual(distributionOf(file, project), want, file)
})

// Repository fields as packages really write them.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { parseRepository } from './repository.ts'

const cases = [
  {
    name: 'git+https',
    in: { type: 'git', url: 'git+https://github.com/expressjs/express.git' },
    url: 'https://github.com/expressjs/express',
    purl: 'pkg:github/expressjs/express',
  },
  {
    name: 'scp style',
    in: { url: 'git@github.com:stevemao/left-pad.git' },
    url: 'https://github.com/stevemao/left-pad',
    purl: 'pkg:github/stevemao/left-pad',
  },
  {
    name: 'git protocol',
    in: 'git://github.com/Chalk/Chalk.git',
    url: 'https://github.com/Chalk/Chalk',
    purl: 'pkg:github/chalk/chalk',
  },
  { name: 'shorthand', in: 'npm/cli', url: 'https://github.com/npm/cli', purl: 'pkg:github/npm/cli' },
  {
    name: 'github: shorthand',
    in: 'github:isaacs/node-glob',
    url: 'https://github.com/isaacs/node-glob',
    purl: 'pkg:github/isaacs/node-glob',
  },
  {
    name: 'gitlab',
    in: 'https://gitlab.com/group/proj.git',
    url: 'https://gitlab.com/group/proj',
    purl: 'pkg:gitlab/group/proj',
  },
  {
    name: 'monorepo subdirectory',
    in: { url: 'https://github.com/babel/babel.git', directory: 'packages/babel-core' },
    url: 'https://github.com/babel/babel',
    purl: 'pkg:github/babel/babel',
  },
  { name: 'other host', in: 'https://git.example.org/a/b.git', url: 'https://git.example.org/a/b', purl: null },
]
for (const c of cases) {
  test(`repository: ${c.name}`, () => {
    assert.deepEqual(parseRepository(c.in), { url: c.url, purl: c.purl })
  })
}

test('repository: absent or unusable', () => {
  for (const v of [undefined, null, '', 42, {}, { url: 'not a url at all' }]) assert.equal(parseRepository(v), null)
})

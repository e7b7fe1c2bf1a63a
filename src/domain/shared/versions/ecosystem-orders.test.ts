// Each ecosystem's version order, table-driven: a ladder of versions from lowest to highest, where a rung may be a
// group of spellings the ecosystem counts as the same version. Every pair of rungs is checked both ways, every
// pair within a group compares equal, and sorting the reversed list gives the ladder back.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  cargoScheme,
  composerScheme,
  debianScheme,
  goScheme,
  mavenScheme,
  nugetScheme,
  pep440Scheme,
  rubygemsScheme,
  type VersionScheme,
} from './index.ts'

type Ladder = (string | string[])[]

const ladders: [VersionScheme, Ladder[]][] = [
  [
    pep440Scheme,
    [
      // the ordering example of PEP 440, then epochs, spellings and zero padding
      ['1.0.dev456', '1.0a1', '1.0a2.dev456', '1.0a12.dev456', '1.0a12', '1.0b1.dev456', '1.0b2'],
      ['1.0b2.post345.dev456', '1.0b2.post345', '1.0rc1.dev456', '1.0rc1', '1.0', '1.0+abc.5', '1.0+abc.7'],
      ['1.0+5', '1.0.post456.dev34', '1.0.post456', '1.0.15', '1.1.dev1'],
      [
        'not a version',
        ['0', '0.0'],
        '1.0rc1',
        ['1.0', '1.0.0', '1', 'v1.0', 'V1.0.0.0', ' 1.0 '],
        '1.0.post1',
        '1.0.1',
      ],
      [['1.0a', '1.0a0', '1.0alpha0', '1.0.alpha', '1.0-a-0'], '1.0b1', ['1.0rc1', '1.0c1', '1.0-RC1', '1.0.pre1']],
      [
        ['1.0.post1', '1.0-1', '1.0post1', '1.0.r1', '1.0-rev1', '1.0_post_1'],
        ['1.0.post2', '1.0-2'],
      ],
      [['1.0.dev0', '1.0dev', '1.0-dev0'], '1.0.dev1', '1.0a1.dev1'],
      [['1.0+ubuntu-1', '1.0+ubuntu.1', '1.0+ubuntu_1'], '1.0+ubuntu.1.1', '1.0+ubuntu.2', '1.0+1'],
      ['99.0', '1!0.1', '1!1.0', '2!0.0.dev0'],
      [['01.002', '1.2'], '1.10'],
    ],
  ],
  [
    mavenScheme,
    [
      // the examples of Maven's version order specification, and the usual qualifiers
      ['1-alpha', ['1-alpha-1', '1-a1', '1.0-alpha-1', '1-ALPHA-1'], '1-alpha-2', ['1-beta-1', '1-b1']],
      [
        ['1-milestone-1', '1-m1'],
        ['1-rc-1', '1-cr-1', '1-RC1'],
        ['1-snapshot', '1-SNAPSHOT'],
      ],
      [['1', '1.0', '1.0.0', '1-ga', '1.ga', '1-final', '1.0.Final', '1.0.0.RELEASE', '1-0'], '1-sp', '1-sp-1'],
      ['1-sp-1', '1-abc', '1-xyz', ['1-1', '1-ga-1', '1.0-1'], '1.0.1', '1.1', '1.1.1', '1.10', '2-snapshot', '2'],
      [['1.foo', '1-foo'], '1-1', '1.1'],
      ['1-foo2', '1-foo10'],
      ['2.0.0.M1', '2.0.0.RC1', '2.0.0', '2.0.0.SP1'],
    ],
  ],
  [
    rubygemsScheme,
    [
      ['0.9', ['1.a', '1.0.a', '1.0.0.a'], '1.0.a1', '1.0.b', '1.0-rc1', '1.0.rc1', ['1', '1.0', '1.0.0']],
      [['1', '1.0'], '1.0.0.1', '1.0.1', '1.1', '1.10'],
      ['5.2.0', '5.2.4.3', '5.2.4.4', '5.2.10'],
      ['not-a-version!', '0.0.1', '1.0.B', '1.0.a'],
    ],
  ],
  [
    nugetScheme,
    [
      [['1.0.0-alpha', '1.0.0-ALPHA'], '1.0.0-alpha.1', '1.0.0-alpha.beta', '1.0.0-beta', '1.0.0-beta.2'],
      ['1.0.0-beta.11', '1.0.0-rc.1', ['1', '1.0', '1.0.0', '1.0.0.0', '1.0.0+build', '01.0'], '1.0.0.1'],
      ['1.0.0.1', '1.0.1', '1.0.10', '2.0.0-rc', '2.0.0'],
      ['v1.0.0', '0.0.1'],
    ],
  ],
  [
    composerScheme,
    [
      ['0.9', '1.0.0-dev', ['1.0.0-alpha', '1.0.0alpha', 'v1.0.0-ALPHA'], ['1.0.0-alpha1', '1.0.0-a1']],
      [['1.0.0-alpha1', '1.0.0-alpha.1'], '1.0.0-beta1', '1.0.0-beta2-dev', ['1.0.0-beta2', '1.0.0-b2'], '1.0.0-RC1'],
      ['1.0.0-RC1', ['1.0.0', '1.0', '1', '1.0.0.0', 'v1.0.0', '1.0.0-stable', '1.0.0+build'], '1.0.0-patch1'],
      [['1.0.0-patch1', '1.0.0-p1', '1.0.0-pl1'], '1.0.0.1', '1.0.1', '1.5', '1.9.3', '1.9.x-dev', '2.2.0'],
      ['dev-main', '0.0.1'],
    ],
  ],
  [
    goScheme,
    [
      ['v0.0.0-20190101000000-abcdefabcdef', 'v0.0.0-20200101000000-abcdefabcdef', ['v0.1.0', '0.1.0', 'v0.1']],
      [['v0.1.0'], 'v1.0.0-rc.1', ['v1.0.0', '1.0.0', 'v1', 'v1.0'], 'v1.2.3', 'v1.2.4-0.20191109021931-daa7c04131f5'],
      ['v1.2.4-0.20191109021931-daa7c04131f5', 'v1.2.4-pre', 'v1.2.4-pre.0.20191109021931-daa7c04131f5', 'v1.2.4'],
      ['v1.2.4', ['v2.0.0+incompatible', 'v2.0.0'], 'v2.1.0', 'v10.0.0'],
      [['v1.2.3.4'], 'v0.0.1'],
    ],
  ],
  [
    cargoScheme,
    [
      ['0.1.0', '1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-alpha.beta', '1.0.0-beta', '1.0.0-beta.2', '1.0.0-beta.11'],
      ['1.0.0-beta.11', '1.0.0-rc.1', ['1.0.0', '1.0.0+build.5'], '1.0.1', '1.10.0', '10.0.0'],
      ['v1.0.0', '1.0', '0.0.1'],
    ],
  ],
  [
    debianScheme,
    [
      // Debian Policy §5.6.12's example (~~ < ~~a < ~ < end < a), then letters before other characters; each pair
      // of these ladders was checked with dpkg --compare-versions (the bulk check: test/debian-versions-dpkg.test.ts)
      ['1.0~~', '1.0~~a', '1.0~', '1.0', '1.0a', '1.0+', ['1.0.', '1.0.0']],
      // the epoch first, as a number; an absent one is 0
      ['9.9', ['1:0.1', '01:0.1', '+1:0.1'], '1:9.9', '2:1.0', '2147483647:0'],
      // an absent revision compares as empty, which equals 0; an empty digit run is 0 too
      [
        ['1.0', '1.0-0', '0:1.0', '1.0-00', '00:1.0-0', ' 1.0 ', '\t1.0'],
        '1.0-0.1',
        ['1.0-1', '0:1.0-1'],
        '1.0.0',
        '1.0.1-1',
      ],
      ['1.0~rc1-1', '1.0-1', '1.0a-1', '1.0+dfsg-1', '1.0.1-1'],
      ['1.0-1~bpo12+1', '1.0-1', '1.0-1+b1', '1.0-1+deb12u1', '1.0-1.1', '1.0-2'],
      [['1.01.1', '1.1.1'], '1.2', ['1.10', '1.010'], '1.99999999999999999999', '1.100000000000000000000'],
      // the revision is after the last hyphen; the epoch before the first colon
      ['1.0-1-1', '1.0-1-2', '1.0-1.1-1', '1.0.0-1', '1:1.0-1', '1:1.0.0-1', '1:1.0:2-1'],
      // dpkg only warns about an upstream version that does not start with a digit, and orders it
      ['0~', '0', '0.0', '2.0', 'a.1', 'latest', 'z', '1:0'],
      // what dpkg refuses sorts below every version
      ['1.0-', '0~~'],
      ['', '0~~'],
      ['1 0', '0~~'],
      ['2147483648:0', '0~~'],
      ['-1:0', '0~~'],
      [':1', '0~~'],
      ['1:', '0~~'],
      ['1:-1', '0~~'],
      ['1.0é', '0~~'],
    ],
  ],
]

const sign = (n: number) => Math.sign(n) + 0

for (const [scheme, list] of ladders) {
  test(`version order: ${scheme.name}`, () => {
    for (const ladder of list) {
      const rungs = ladder.map((r) => (Array.isArray(r) ? r : [r]))
      rungs.forEach((group, i) => {
        for (const a of group) for (const b of group) assert.equal(sign(scheme.compare(a, b)), 0, `${a} = ${b}`)
        for (const higher of rungs.slice(i + 1))
          for (const a of group)
            for (const b of higher) {
              assert.equal(sign(scheme.compare(a, b)), -1, `${a} < ${b}`)
              assert.equal(sign(scheme.compare(b, a)), 1, `${b} > ${a}`)
            }
      })
      const firsts = rungs.map((g) => g[0] as string)
      assert.deepEqual([...firsts].reverse().sort(scheme.compare), firsts)
    }
  })
}

const prereleases: [VersionScheme, string[], string[]][] = [
  [pep440Scheme, ['1.0rc1', '1.0.dev0', '1.0.post1.dev1'], ['1.0', '1.0.post1', '1.0+local']],
  [mavenScheme, ['1.0-SNAPSHOT', '1.0-alpha-1', '2.0.0.M1', '1.0-RC1'], ['1.0', '1.0.Final', '1.0-sp1', '1.0-foo']],
  [rubygemsScheme, ['1.0.a', '1.0-rc1', '2.0.0.pre'], ['1.0', '5.2.4.3']],
  [nugetScheme, ['1.0.0-beta', '1.0.0.1-rc'], ['1.0.0', '1.0.0+meta']],
  [composerScheme, ['1.0.0-dev', '1.0.0-RC1', '1.0.0-beta2-dev'], ['1.0.0', '1.0.0-patch1']],
  [goScheme, ['v0.0.0-20191109021931-daa7c04131f5', 'v1.0.0-rc.1'], ['v1.0.0', 'v2.0.0+incompatible']],
  [cargoScheme, ['1.0.0-alpha'], ['1.0.0', '1.0.0+build']],
  [debianScheme, ['1.0~rc1-1', '2.0~git20240101-2', '1:1.0~beta'], ['1.0-1', '1.0-1~bpo12+1', '1.0+dfsg-1', '1.0~-']],
]

for (const [scheme, pre, release] of prereleases) {
  test(`isPrerelease: ${scheme.name}`, () => {
    for (const v of pre) assert.equal(scheme.isPrerelease(v), true, v)
    for (const v of release) assert.equal(scheme.isPrerelease(v), false, v)
  })
}

// Maven's version order checked against the cases of Maven's own test of ComparableVersion
// (maven-artifact's ComparableVersionTest, Maven 3.9: its ordered lists, its equal pairs and its comparisons).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { mavenScheme } from './maven.ts'

const cmp = (a: string, b: string) => Math.sign(mavenScheme.compare(a, b))

/** Each list is in ascending order: every pair compares as its positions do. */
function checkOrder(list: readonly string[]) {
  for (let i = 0; i < list.length; i++)
    for (let j = 0; j < list.length; j++) {
      const a = list[i] as string
      const b = list[j] as string
      assert.equal(cmp(a, b), Math.sign(i - j), `${a} vs ${b}`)
    }
}

test('ComparableVersionTest VERSIONS_QUALIFIER: ascending', () => {
  checkOrder([
    '1-alpha2snapshot',
    '1-alpha2',
    '1-alpha-123',
    '1-beta-2',
    '1-beta123',
    '1-m2',
    '1-m11',
    '1-rc',
    '1-cr2',
    '1-rc123',
    '1-SNAPSHOT',
    '1',
    '1-sp',
    '1-sp2',
    '1-sp123',
    '1-abc',
    '1-def',
    '1-pom-1',
    '1-1-snapshot',
    '1-1',
    '1-2',
    '1-123',
  ])
})

test('ComparableVersionTest VERSIONS_NUMBER: ascending', () => {
  checkOrder([
    '2.0',
    '2.0.a',
    '2-1',
    '2.0.2',
    '2.0.123',
    '2.1.0',
    '2.1-a',
    '2.1b',
    '2.1-c',
    '2.1-1',
    '2.1.0.1',
    '2.2',
    '2.123',
    '11.a2',
    '11.a11',
    '11.b2',
    '11.b11',
    '11.m2',
    '11.m11',
    '11',
    '11.a',
    '11b',
    '11c',
    '11m',
  ])
})

test('ComparableVersionTest testVersionsEqual', () => {
  const equal: [string, string][] = [
    ['1', '1.0'],
    ['1', '1.0.0'],
    ['1.0', '1.0.0'],
    ['1', '1-0'],
    ['1', '1.0-0'],
    ['1.0', '1.0-0'],
    ['1a', '1-a'],
    ['1a', '1.0-a'],
    ['1a', '1.0.0-a'],
    ['1.0a', '1-a'],
    ['1.0.0a', '1-a'],
    ['1x', '1-x'],
    ['1x', '1.0-x'],
    ['1x', '1.0.0-x'],
    ['1.0x', '1-x'],
    ['1.0.0x', '1-x'],
    ['1cr', '1rc'],
    ['1a1', '1-alpha-1'],
    ['1b2', '1-beta-2'],
    ['1m3', '1-milestone-3'],
    ['1X', '1x'],
    ['1A', '1a'],
    ['1B', '1b'],
    ['1M', '1m'],
    ['1Ga', '1'],
    ['1GA', '1'],
    ['1RELEASE', '1'],
    ['1release', '1'],
    ['1FINAL', '1'],
    ['1final', '1'],
    ['1Cr', '1Rc'],
    ['1cR', '1rC'],
    ['1m3', '1Milestone3'],
    ['1m3', '1MileStone3'],
    ['1m3', '1MILESTONE3'],
  ]
  for (const [a, b] of equal) assert.equal(cmp(a, b), 0, `${a} = ${b}`)
})

test('ComparableVersionTest testVersionComparing and MNG-5568', () => {
  const less: [string, string][] = [
    ['1', '2'],
    ['1.5', '2'],
    ['1', '2.5'],
    ['1.0', '1.1'],
    ['1.1', '1.2'],
    ['1.0.0', '1.1'],
    ['1.0.1', '1.1'],
    ['1.1', '1.2.0'],
    ['1.0-alpha-1', '1.0'],
    ['1.0-alpha-1', '1.0-alpha-2'],
    ['1.0-alpha-1', '1.0-beta-1'],
    ['1.0-beta-1', '1.0-SNAPSHOT'],
    ['1.0-SNAPSHOT', '1.0'],
    ['1.0-alpha-1-SNAPSHOT', '1.0-alpha-1'],
    ['1.0', '1.0-1'],
    ['1.0-1', '1.0-2'],
    ['1.0.0', '1.0-1'],
    ['2.0-1', '2.0.1'],
    ['2.0.1-klm', '2.0.1-lmn'],
    ['2.0.1', '2.0.1-xyz'],
    ['2.0.1', '2.0.1-123'],
    ['2.0.1-xyz', '2.0.1-123'],
    ['6.1.0rc3', '6.1.0'],
    ['6.1.0', '6.1H.5-beta'],
    ['6.1.0rc3', '6.1H.5-beta'],
    ['1.0.0.RC1', '1.0.0'],
    ['2.1.2-jre', '31.1-jre'],
  ]
  for (const [a, b] of less) {
    assert.equal(cmp(a, b), -1, `${a} < ${b}`)
    assert.equal(cmp(b, a), 1, `${b} > ${a}`)
  }
})

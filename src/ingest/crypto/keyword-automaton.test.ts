import assert from 'node:assert/strict'
import { test } from 'node:test'
import { KeywordAutomaton, type KeywordMatch } from './keyword-automaton.ts'

function all(a: KeywordAutomaton, text: string | Uint8Array): string[] {
  const out: string[] = []
  a.scan(typeof text === 'string' ? Buffer.from(text, 'latin1') : text, (m: KeywordMatch) =>
    out.push(`${a.keywords[m.keyword]}@${m.start}-${m.end}`),
  )
  return out.sort()
}

function naive(keywords: readonly string[], text: string): string[] {
  const lower = text.toLowerCase()
  const out: string[] = []
  for (const k of keywords)
    for (let i = lower.indexOf(k); i >= 0; i = lower.indexOf(k, i + 1)) out.push(`${k}@${i}-${i + k.length}`)
  return out.sort()
}

const CASES: { keywords: string[]; text: string; want: string[] }[] = [
  { keywords: ['he', 'she', 'his', 'hers'], text: 'ushers', want: ['he@2-4', 'hers@2-6', 'she@1-4'] },
  { keywords: ['aes'], text: 'AES Aes aEs', want: ['aes@0-3', 'aes@4-7', 'aes@8-11'] },
  { keywords: ['aa'], text: 'aaaa', want: ['aa@0-2', 'aa@1-3', 'aa@2-4'] },
  { keywords: ["require('aes-js')"], text: "x=require('AES-JS')", want: ["require('aes-js')@2-19"] },
  { keywords: ['md5.', 'md5_'], text: 'nothing here', want: [] },
  { keywords: ['0x5a827999'], text: 'K = 0X5A827999;', want: ['0x5a827999@4-14'] },
]

for (const c of CASES)
  test(`finds ${c.keywords.join(', ')} in ${JSON.stringify(c.text)}`, () => {
    assert.deepEqual(all(new KeywordAutomaton(c.keywords), c.text), c.want.sort())
  })

test('bytes outside every keyword, including non-ASCII, reset the match', () => {
  const a = new KeywordAutomaton(['sha1'])
  assert.deepEqual(all(a, Buffer.from('sh\u00e9a1 sha\u00ff1 sha1', 'latin1')), ['sha1@12-16'])
  assert.deepEqual(all(a, new Uint8Array([0xff, 0x73, 0x68, 0x61, 0x31, 0x00])), ['sha1@1-5'])
})

test('agrees with a naive search on random text', () => {
  let seed = 7
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    return seed % n
  }
  const alphabet = 'abAB_.1 '
  const word = (n: number) => Array.from({ length: n }, () => alphabet[rnd(alphabet.length)]).join('')
  for (let round = 0; round < 50; round++) {
    const keywords = [...new Set(Array.from({ length: 1 + rnd(12) }, () => word(1 + rnd(4)).toLowerCase()))]
    const text = word(200)
    assert.deepEqual(all(new KeywordAutomaton(keywords), text), naive(keywords, text), `round ${round}`)
  }
})

test('a keyword that is not ASCII is refused', () => {
  assert.throws(() => new KeywordAutomaton(['caf\u00e9']), /not ASCII/)
})

// The Debian version order (src/domain/shared/versions/debian.ts) against dpkg itself: every pair below is put to
// `dpkg --compare-versions` (run live, through one bash loop) and must get the same answer from debianScheme.compare.
// The versions are real (test/fixtures/debian: the archive's bookworm and sid indexes); the pairs are each version
// with the next after sorting, every two versions of the same source package, random pairs, each of a random subset
// paired with an edited copy (epoch, `~`, `+`, revision changed), and random strings of the characters that matter,
// where dpkg's errors must also be exactly the strings isValid rejects.
import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { test } from 'node:test'
import { debianScheme } from '../src/domain/shared/versions/index.ts'

type Pair = [string, string]

// One line per pair: -1, 0 or 1 as dpkg orders them, E when dpkg refuses either string.
const LOOP = `while read -r a b; do
  dpkg --compare-versions "$a" lt "$b" 2>/dev/null; r=$?
  if [ $r = 0 ]; then echo -1; elif [ $r != 1 ]; then echo E
  elif dpkg --compare-versions "$a" eq "$b" 2>/dev/null; then echo 0; else echo 1; fi
done`

/** dpkg's answers, the pairs shared among a few bash loops (one per core, at most 4) running side by side. */
async function dpkgOrder(pairs: Pair[]): Promise<string[]> {
  const dpkg = spawnSync('bash', ['-c', 'dpkg --version'], { encoding: 'utf8' })
  if (dpkg.status !== 0)
    assert.fail(`this test compares with dpkg --compare-versions, which cannot run here: ${dpkg.stderr.trim()}`)
  const n = Math.min(4, availableParallelism())
  const size = Math.ceil(pairs.length / n)
  const chunks = Array.from({ length: n }, (_, i) => pairs.slice(i * size, (i + 1) * size))
  const answers = await Promise.all(chunks.map(loop))
  return answers.flat()
}

function loop(pairs: Pair[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const bash = spawn('bash', ['-c', LOOP], { stdio: ['pipe', 'pipe', 'inherit'] })
    let out = ''
    bash.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d
    })
    bash.on('error', reject)
    bash.on('close', (code) => {
      const answers = out.trimEnd().split('\n')
      if (code !== 0 || answers.length !== pairs.length) reject(new Error(`the dpkg loop failed (exit ${code})`))
      else resolve(answers)
    })
    bash.stdin.end(pairs.map(([a, b]) => `${a} ${b}\n`).join(''))
  })
}

// xorshift32 from a fixed seed: the same pairs every run, so a disagreement reproduces
let state = 12
const rand = (): number => {
  state ^= state << 13
  state ^= state >>> 17
  state ^= state << 5
  return (state >>> 0) / 2 ** 32
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T
/** Either way round, so that both sides of the comparator meet both positions. */
const orient = (a: string, b: string): Pair => (rand() < 0.5 ? [a, b] : [b, a])

const lines = readFileSync(new URL('./fixtures/debian/versions.txt', import.meta.url), 'utf8')
  .trimEnd()
  .split('\n')
const byPackage = new Map<string, string[]>()
for (const line of lines) {
  const [name, version] = line.split(' ') as [string, string]
  byPackage.set(name, [...(byPackage.get(name) ?? []), version])
}
const versions = [...new Set(lines.map((l) => l.split(' ')[1] as string))]

// An edited copy of a real version: one feature added, removed or swapped.
const EDITS: ((v: string) => string)[] = [
  (v) => v.replace(/^\d+:/, ''),
  (v) => (/^\d+:/.test(v) ? v.replace(/^\d+/, (e) => String(Number(e) + 1)) : `1:${v}`),
  (v) => `0:${v}`,
  (v) => v.replace(/-[^-]*$/, ''),
  (v) => `${v.includes('-') ? v : `${v}-0`}`,
  (v) => `${v}~`,
  (v) => `${v}+b1`,
  (v) => `${v}a`,
  (v) => v.replace('~', '+'),
  (v) => v.replace('+', '~'),
  (v) => v.replace('.', '~'),
  (v) => v.replace(/(\d+)(?!.*\d)/, '0$1'),
  (v) => v.replace(/-/, '.0-'),
]

// Random strings over digits, letters and Debian's separators, mostly starting with a digit (as versions do).
const TOKENS = ['0', '1', '2', '9', '10', '00', 'a', 'b', 'z', 'A', 'Z', '.', '+', '~', '-', ':', '_']
function randomVersion(): string {
  let s = rand() < 0.8 ? pick(['0', '1', '2', '10']) : ''
  const n = 1 + Math.floor(rand() * 6)
  for (let i = 0; i < n; i++) s += pick(TOKENS)
  return s.startsWith('-') ? `1${s}` : s
}
function nearby(s: string): string {
  const i = Math.floor(rand() * s.length)
  const t =
    rand() < 0.5 ? `${s.slice(0, i)}${pick(TOKENS)}${s.slice(i + 1)}` : `${s.slice(0, i)}${pick(TOKENS)}${s.slice(i)}`
  return t.startsWith('-') ? `1${t}` : t
}

function pairs(): { name: string; pairs: Pair[] }[] {
  const sorted = [...versions].sort(debianScheme.compare)
  const samePackage = [...byPackage.values()].flatMap((vs) =>
    vs.flatMap((a, i) => vs.slice(i + 1).map((b) => orient(a, b))),
  )
  const randomPairs = Array.from({ length: 1000 }, () => orient(pick(versions), pick(versions)))
  const edited = Array.from({ length: 1000 }, () => {
    const v = pick(versions)
    return orient(v, pick(EDITS)(v))
  })
  const made = Array.from({ length: 1500 }, () => {
    const s = randomVersion()
    return orient(s, rand() < 0.5 ? nearby(s) : randomVersion())
  })
  return [
    { name: 'next after sorting', pairs: sorted.slice(1).map((b, i) => orient(sorted[i] as string, b)) },
    { name: 'same source package', pairs: samePackage },
    { name: 'random', pairs: randomPairs },
    { name: 'edited copy', pairs: edited },
    { name: 'random strings', pairs: made },
  ]
}

test('debianScheme orders real Debian versions exactly as dpkg --compare-versions does', async (t) => {
  const groups = pairs()
  const answers = await dpkgOrder(groups.flatMap((g) => g.pairs))
  let k = 0
  const counts: string[] = []
  const wrong: string[] = []
  for (const g of groups) {
    let refused = 0
    for (const [a, b] of g.pairs) {
      const dpkg = answers[k++] as string
      const valid = debianScheme.isValid(a) && debianScheme.isValid(b)
      const ours = valid ? String(Math.sign(debianScheme.compare(a, b)) + 0) : 'E'
      if (dpkg === 'E') refused++
      if (ours !== dpkg) wrong.push(`${g.name}: ${a} vs ${b}: dpkg ${dpkg}, compintel ${ours}`)
    }
    counts.push(`${g.name} ${g.pairs.length}${refused ? ` (${refused} refused by dpkg)` : ''}`)
  }
  t.diagnostic(`${k} pairs: ${counts.join(', ')}`)
  assert.deepEqual(wrong.slice(0, 20), [], `${wrong.length} disagreements`)
  assert.ok(k >= 9000, `${k} pairs checked`)
  // the real versions are all valid, and the random strings exercise both sides of validity
  for (const v of versions) assert.ok(debianScheme.isValid(v), v)
})

// Aho-Corasick automaton over bytes: every keyword found in one pass over a file, whatever the number of keywords.
// ASCII letters are folded to lower case; bytes that occur in no keyword share one symbol class, which keeps the
// transition table small (states × classes, about 25k × 60 for the whole catalogue). Keywords are ASCII.

export interface KeywordMatch {
  /** Index of the keyword in the list the automaton was built from. */
  keyword: number
  /** Byte offset of the first byte of the match. */
  start: number
  /** Byte offset just after the match. */
  end: number
}

export class KeywordAutomaton {
  private readonly classOf = new Uint8Array(256)
  private readonly classes: number
  private readonly delta: Int32Array
  /** Keyword indexes ending at each state (own and through failure links), as [offset, count] into `outList`. */
  private readonly outStart: Int32Array
  private readonly outCount: Int32Array
  private readonly outList: Int32Array
  private readonly lengths: Int32Array

  constructor(readonly keywords: readonly string[]) {
    let next = 1
    for (const k of keywords)
      for (let i = 0; i < k.length; i++) {
        const c = fold(k.charCodeAt(i))
        if (c > 127) throw new Error(`keyword is not ASCII: ${k}`)
        if (this.classOf[c] === 0) {
          this.classOf[c] = next
          if (c >= 97 && c <= 122) this.classOf[c - 32] = next
          next++
        }
      }
    this.classes = next
    this.lengths = Int32Array.from(keywords, (k) => k.length)
    const trie: number[][] = [new Array(next).fill(-1)]
    const own: number[][] = [[]]
    keywords.forEach((k, idx) => {
      let s = 0
      for (let i = 0; i < k.length; i++) {
        const c = this.classOf[fold(k.charCodeAt(i))] as number
        let t = trie[s]?.[c] ?? -1
        if (t < 0) {
          t = trie.length
          trie.push(new Array(next).fill(-1))
          own.push([])
          ;(trie[s] as number[])[c] = t
        }
        s = t
      }
      ;(own[s] as number[]).push(idx)
    })
    const states = trie.length
    this.delta = new Int32Array(states * next)
    const fail = new Int32Array(states)
    const outputs: number[][] = own.map((o) => [...o])
    const queue: number[] = []
    for (let c = 0; c < next; c++) {
      const t = trie[0]?.[c] ?? -1
      this.delta[c] = t < 0 ? 0 : t
      if (t > 0) queue.push(t)
    }
    for (let qi = 0; qi < queue.length; qi++) {
      const s = queue[qi] as number
      const f = fail[s] as number
      ;(outputs[s] as number[]).push(...(outputs[f] as number[]))
      for (let c = 0; c < next; c++) {
        const t = trie[s]?.[c] ?? -1
        if (t < 0) this.delta[s * next + c] = this.delta[f * next + c] as number
        else {
          fail[t] = this.delta[f * next + c] as number
          this.delta[s * next + c] = t
          queue.push(t)
        }
      }
    }
    this.outStart = new Int32Array(states)
    this.outCount = new Int32Array(states)
    const flat: number[] = []
    outputs.forEach((o, s) => {
      this.outStart[s] = flat.length
      this.outCount[s] = o.length
      flat.push(...o)
    })
    this.outList = Int32Array.from(flat)
  }

  /** Calls `onMatch` for every occurrence of every keyword (overlapping ones included), in order of their end. */
  scan(bytes: Uint8Array, onMatch: (m: KeywordMatch) => void): void {
    const { classOf, delta, classes, outCount, outStart, outList, lengths } = this
    let s = 0
    for (let i = 0; i < bytes.length; i++) {
      s = delta[s * classes + (classOf[bytes[i] as number] as number)] as number
      const n = outCount[s] as number
      if (n === 0) continue
      const from = outStart[s] as number
      for (let j = 0; j < n; j++) {
        const keyword = outList[from + j] as number
        onMatch({ keyword, start: i + 1 - (lengths[keyword] as number), end: i + 1 })
      }
    }
  }
}

function fold(c: number): number {
  return c >= 65 && c <= 90 ? c + 32 : c
}

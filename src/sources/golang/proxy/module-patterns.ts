// The glob patterns of GOPRIVATE, GONOPROXY, GONOSUMDB and GOINSECURE (`go help private`; golang.org/x/mod/module
// MatchPrefixPatterns): a comma-separated list, each pattern (a trailing `/` dropped, empty ones skipped) matched
// with Go's path.Match against the module path's prefix of as many path elements as the pattern has. So
// `*.corp.example.com` matches `git.corp.example.com/x/y`, and `rsc.io/private` matches `rsc.io/private/quux`. A
// malformed pattern matches nothing, as in Go.

/** Whether `target` (a module path) has a prefix matched by one of the comma-separated `globs`. */
export function matchPrefixPatterns(globs: string, target: string): boolean {
  for (const raw of globs.split(',')) {
    const glob = raw.replace(/\/$/, '')
    if (glob === '') continue
    let n = glob.split('/').length - 1
    let prefix = target
    for (let i = 0; i < target.length; i++)
      if (target[i] === '/') {
        if (n === 0) {
          prefix = target.slice(0, i)
          break
        }
        n--
      }
    if (n > 0) continue // fewer path elements than the pattern
    if (pathMatch(glob, prefix) === true) return true
  }
  return false
}

/**
 * Go's path.Match: `*` any run of characters but `/`, `?` one character but `/`, `[…]` a class (`^` negates, `a-z`
 * ranges), `\` quotes the next character. `undefined` for a malformed pattern (Go's ErrBadPattern).
 */
export function pathMatch(pattern: string, name: string): boolean | undefined {
  let p = Array.from(pattern)
  let s = Array.from(name)
  outer: while (p.length > 0) {
    const { star, chunk, rest } = scanChunk(p)
    p = rest
    if (star && chunk.length === 0) return !s.includes('/')
    const here = matchChunk(chunk, s)
    if (here === undefined) return undefined
    if (here !== false && (here.length === 0 || p.length > 0)) {
      s = here
      continue
    }
    if (star)
      for (let i = 0; i < s.length && s[i] !== '/'; i++) {
        const t = matchChunk(chunk, s.slice(i + 1))
        if (t === undefined) return undefined
        if (t === false || (p.length === 0 && t.length > 0)) continue
        s = t
        continue outer
      }
    // no match: the rest of the pattern must still be well formed
    while (p.length > 0) {
      const next = scanChunk(p)
      p = next.rest
      if (matchChunk(next.chunk, []) === undefined) return undefined
    }
    return false
  }
  return s.length === 0
}

function scanChunk(p: string[]): { star: boolean; chunk: string[]; rest: string[] } {
  let star = false
  let i = 0
  while (p[i] === '*') {
    i++
    star = true
  }
  const start = i
  let inRange = false
  for (; i < p.length; i++) {
    const c = p[i]
    if (c === '\\') {
      if (i + 1 < p.length) i++
    } else if (c === '[') inRange = true
    else if (c === ']') inRange = false
    else if (c === '*' && !inRange) break
  }
  return { star, chunk: p.slice(start, i), rest: p.slice(i) }
}

/** The rest of `s` after `chunk` matched its start, false when it does not, undefined for a malformed chunk. */
function matchChunk(chunk: string[], s: string[]): string[] | false | undefined {
  let c = chunk
  let failed = false
  let at = 0
  while (c.length > 0) {
    if (!failed && at >= s.length) failed = true
    const head = c[0]
    if (head === '[') {
      const r = failed ? '' : (s[at++] as string)
      c = c.slice(1)
      const negated = c[0] === '^'
      if (negated) c = c.slice(1)
      let match = false
      let ranges = 0
      for (;;) {
        if (c[0] === ']' && ranges > 0) {
          c = c.slice(1)
          break
        }
        const lo = getEsc(c)
        if (!lo) return undefined
        c = lo.rest
        let hi = lo.char
        if (c[0] === '-') {
          const h = getEsc(c.slice(1))
          if (!h) return undefined
          hi = h.char
          c = h.rest
        }
        if (!failed && lo.char <= (r.codePointAt(0) ?? -1) && (r.codePointAt(0) ?? -1) <= hi) match = true
        ranges++
      }
      if (match === negated) failed = true
    } else if (head === '?') {
      if (!failed && s[at++] === '/') failed = true
      c = c.slice(1)
    } else {
      if (head === '\\') {
        c = c.slice(1)
        if (c.length === 0) return undefined
      }
      if (!failed && c[0] !== s[at++]) failed = true
      c = c.slice(1)
    }
  }
  return failed ? false : s.slice(at)
}

function getEsc(c: string[]): { char: number; rest: string[] } | undefined {
  if (c.length === 0 || c[0] === '-' || c[0] === ']') return undefined
  const i = c[0] === '\\' ? 1 : 0
  if (i >= c.length) return undefined
  const rest = c.slice(i + 1)
  if (rest.length === 0) return undefined
  return { char: (c[i] as string).codePointAt(0) as number, rest }
}

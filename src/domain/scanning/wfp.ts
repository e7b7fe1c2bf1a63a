// The parser of a posted WFP (POST /scan/direct's `file` part; scan-direct reference §2): untrusted text from any
// client, read into files and their snippet fingerprints with every malformed line and every exceeded limit a WfpError
// naming the line, so the HTTP layer can answer 400 with it.
import { breathe } from '../shared/breathe.ts'
import type { Fingerprint } from './types.ts'

/** One `file=` block of a WFP. `md5` and `fh2` are lower-cased; `snippets` in the order posted. */
export interface WfpFile {
  md5: string
  size: number
  path: string
  fh2?: string
  snippets: Fingerprint[]
}

/** Bounds on one post. The defaults are far above what the clients send at their default post sizes. */
export interface WfpLimits {
  /**
   * `file=` lines per post; default 10,000. scanoss-js puts at most one file per KB of post size (32 at its default
   * 32 KB), scanoss-py as many as fit its 64 KB (a `file=` line is 45 bytes or more: about 1,500).
   */
  maxFiles: number
  /**
   * Fingerprints of one file; default 100,000. The clients cut a file's WFP at the post size: about 3,600
   * fingerprints at 32 KB, 7,000 at 64 KB; the default leaves room for posts of about 1 MB (`-P 1024`).
   */
  maxFingerprintsPerFile: number
  /** Fingerprints of the whole post; default 1,000,000 (about 9 MB of WFP). */
  maxFingerprints: number
  /** Characters of a path; default 4,096 (Linux PATH_MAX). */
  maxPathLength: number
}

const DEFAULTS: WfpLimits = {
  maxFiles: 10_000,
  maxFingerprintsPerFile: 100_000,
  maxFingerprints: 1_000_000,
  maxPathLength: 4096,
}
/** WFP lines parsed between two chances for other requests to run. */
const LINES_PER_STEP = 2000
const MAX_LINE = 2 ** 31 - 1 // a line number must fit the index's 32-bit column

/** A malformed WFP or an exceeded limit; `line` is 1-based. */
export class WfpError extends Error {
  readonly line: number
  constructor(line: number, problem: string) {
    super(`WFP line ${line}: ${problem}`)
    this.name = 'WfpError'
    this.line = line
  }
}

const MD5 = /^[0-9a-f]{32}$/i
const HASH = /^[0-9a-f]{8}$/i
const SIZE = /^[0-9]{1,15}$/ // below 2^53: exact as a number
const LINE = /^[1-9][0-9]{0,9}$/
const NAMED = /^[A-Za-z_]/ // file, fh2, and keys to ignore: hpsm, bin, component, start_line, …

/**
 * Parses a whole post: any number of `file=<md5>,<size>,<path>` blocks (the path is everything after the second
 * comma, commas included), each with an optional `fh2=<md5>` and `<line>=<hash>,<hash>,…` snippet lines. Other keys
 * starting with a letter or `_` (`hpsm=`, scanoss-py's `start_line=` and `component=`, …) are ignored anywhere.
 * CRLF line endings, blank lines and a leading BOM are tolerated. Rejects with WfpError. A post of megabytes takes
 * tens of milliseconds: other requests get turns between its lines (domain/shared/breathe.ts).
 */
export async function parseWfp(text: string, limits: Partial<WfpLimits> = {}): Promise<{ files: WfpFile[] }> {
  const max = { ...DEFAULTS, ...limits }
  const files: WfpFile[] = []
  let file: WfpFile | undefined
  let total = 0
  const lines = (text.startsWith('\ufeff') ? text.slice(1) : text).split('\n')
  for (let i = 0; i < lines.length; i++) {
    if (i % LINES_PER_STEP === LINES_PER_STEP - 1) await breathe()
    const n = i + 1
    const raw = lines[i] as string
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw
    if (line === '') continue
    const eq = line.indexOf('=')
    if (eq <= 0) throw new WfpError(n, 'expected <key>=<value>')
    const key = line.slice(0, eq)
    const value = line.slice(eq + 1)
    if (key === 'file') {
      const c1 = value.indexOf(',')
      const c2 = c1 < 0 ? -1 : value.indexOf(',', c1 + 1)
      if (c2 < 0) throw new WfpError(n, 'file= needs three fields: <md5>,<size>,<path>')
      const md5 = value.slice(0, c1)
      const size = value.slice(c1 + 1, c2)
      const path = value.slice(c2 + 1)
      if (!MD5.test(md5)) throw new WfpError(n, `file= MD5 must be 32 hex digits, got "${clip(md5)}"`)
      if (!SIZE.test(size)) throw new WfpError(n, `file= size must be a non-negative integer, got "${clip(size)}"`)
      if (path === '') throw new WfpError(n, 'file= path is empty')
      if (path.length > max.maxPathLength)
        throw new WfpError(n, `path longer than ${max.maxPathLength} characters (maxPathLength)`)
      if (files.length >= max.maxFiles) throw new WfpError(n, `more than ${max.maxFiles} files in one post (maxFiles)`)
      file = { md5: md5.toLowerCase(), size: Number(size), path, snippets: [] }
      files.push(file)
    } else if (key === 'fh2') {
      if (!file) throw new WfpError(n, 'fh2= before any file= line')
      if (!MD5.test(value)) throw new WfpError(n, `fh2= must be 32 hex digits, got "${clip(value)}"`)
      if (file.fh2 !== undefined) throw new WfpError(n, 'a second fh2= line for one file')
      file.fh2 = value.toLowerCase()
    } else if (!NAMED.test(key)) {
      if (!LINE.test(key) || Number(key) > MAX_LINE)
        throw new WfpError(n, `line number must be a positive integer up to ${MAX_LINE}, got "${clip(key)}"`)
      if (!file) throw new WfpError(n, 'snippet line before any file= line')
      const lineNo = Number(key)
      const hashes = value.split(',')
      if (file.snippets.length + hashes.length > max.maxFingerprintsPerFile)
        throw new WfpError(
          n,
          `more than ${max.maxFingerprintsPerFile} fingerprints for one file (maxFingerprintsPerFile)`,
        )
      total += hashes.length
      if (total > max.maxFingerprints)
        throw new WfpError(n, `more than ${max.maxFingerprints} fingerprints in one post (maxFingerprints)`)
      for (const hash of hashes) {
        if (!HASH.test(hash)) throw new WfpError(n, `a snippet hash must be 8 hex digits, got "${clip(hash)}"`)
        file.snippets.push({ line: lineNo, hash: Number.parseInt(hash, 16) })
      }
    }
  }
  return { files }
}

/** Echoes a bad value in an error message without echoing megabytes. */
const clip = (s: string) => (s.length > 40 ? `${s.slice(0, 40)}…` : s)

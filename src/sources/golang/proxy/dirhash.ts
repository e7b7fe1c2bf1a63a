// The `h1:` hashes of go.sum (golang.org/x/mod/sumdb/dirhash Hash1): each file's SHA-256 in lower-case hex, two
// spaces and its name, one line per file in the byte order of the names (Go's sort.Strings), the SHA-256 of those
// lines in standard base64 behind `h1:`. A module's zip is hashed over its entries' full names
// (`<module>@<version>/<file>`, HashZip), its go.mod alone as the one file `go.mod` (the `/go.mod` line of go.sum).
import { createHash } from 'node:crypto'
import { excerpt, UpstreamRefused } from '../../../ingest/failure.ts'

export interface HashedFile {
  name: string
  /** The file's SHA-256, lower-case hex. */
  sha256: string
}

export function hash1(files: readonly HashedFile[]): string {
  const sorted = [...files].sort((a, b) => Buffer.compare(Buffer.from(a.name), Buffer.from(b.name)))
  const summary = createHash('sha256')
  for (const f of sorted) {
    if (f.name.includes('\n')) throw new UpstreamRefused('format', 'dirhash: file names with newlines are not hashed')
    summary.update(`${f.sha256}  ${f.name}\n`)
  }
  return `h1:${summary.digest('base64')}`
}

/** The go.sum hash of a go.mod file's bytes (the `<module> <version>/go.mod h1:…` line). */
export function goModHash(bytes: Buffer): string {
  return hash1([{ name: 'go.mod', sha256: createHash('sha256').update(bytes).digest('hex') }])
}

/**
 * Whether `h1` is among `expected` (go.sum's hashes for this line, as the go command checks go.sum): true when one
 * matches, false when none is an `h1:` hash; a different `h1:` hash refuses the download (kind `integrity`).
 */
export function checkSum(expected: readonly string[], h1: string, what: string): boolean {
  if (expected.includes(h1)) return true
  const other = expected.find((e) => e.startsWith('h1:'))
  if (other) throw new UpstreamRefused('integrity', `${what}: its hash ${h1} is not go.sum's ${excerpt(other, 60)}`)
  return false
}

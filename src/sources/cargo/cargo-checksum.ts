// A crate folder's `.cargo-checksum.json` (docs/cargo.md), as `cargo vendor` and Debian write it: `package`, the
// SHA-256 of the upstream .crate the folder was unpacked from (Debian writes a sentence instead when it had none), and
// `files`, each file's SHA-256 by its path in the folder (Debian leaves it empty: it patches files). The files listed
// are verified against the folder before it is read: a file that differs or is missing refuses the folder, and so
// does a file the list does not hold when it holds any.
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { UpstreamRefused } from '../../ingest/failure.ts'
import { isTable } from './crate-manifest.ts'

/** Far above real lists (a crate of 10,000 files lists under 1 MB). */
export const MAX_CHECKSUM_BYTES = 16 * 1024 * 1024
const SHA256 = /^[0-9a-f]{64}$/

export interface CargoChecksum {
  /** The upstream .crate's SHA-256 (hex), or null when the file names none. */
  crate: string | null
  /** Each file's SHA-256 (hex) by its path in the folder. */
  files: Map<string, string>
}

export function parseCargoChecksum(text: string): CargoChecksum {
  if (Buffer.byteLength(text) > MAX_CHECKSUM_BYTES)
    throw new UpstreamRefused('size', `.cargo-checksum.json larger than ${MAX_CHECKSUM_BYTES} bytes`)
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    throw new UpstreamRefused('format', '.cargo-checksum.json is not JSON')
  }
  if (!isTable(raw)) throw new UpstreamRefused('format', '.cargo-checksum.json is not an object')
  const files = new Map<string, string>()
  const listed = raw.files ?? {}
  if (!isTable(listed)) throw new UpstreamRefused('format', '.cargo-checksum.json: files is not an object')
  for (const [file, digest] of Object.entries(listed)) {
    if (typeof digest !== 'string' || !SHA256.test(digest))
      throw new UpstreamRefused('format', `.cargo-checksum.json: no SHA-256 for ${JSON.stringify(file)}`)
    if (!safePath(file)) throw new UpstreamRefused('format', `.cargo-checksum.json: path ${JSON.stringify(file)}`)
    files.set(file, digest)
  }
  const crate = typeof raw.package === 'string' && SHA256.test(raw.package) ? raw.package : null
  return { crate, files }
}

/** A relative path inside the folder: no `..`, no absolute path, no empty or `.` part, no NUL or backslash. */
function safePath(p: string): boolean {
  const parts = p.split('/')
  return p !== '' && !/[\0\\]/.test(p) && parts.every((x) => x !== '' && x !== '.' && x !== '..')
}

/**
 * Checks the folder's files (their paths relative to `dir`, the checksum file itself aside) against the list;
 * throws UpstreamRefused('integrity') on the first difference. An empty list checks nothing.
 */
export async function verifyCrateFiles(dir: string, files: readonly string[], checksum: CargoChecksum): Promise<void> {
  if (checksum.files.size === 0) return
  const present = new Set(files)
  for (const [file, digest] of checksum.files) {
    if (!present.has(file))
      throw new UpstreamRefused('integrity', `${file} is listed in .cargo-checksum.json, not shipped`)
    const actual = await sha256Of(`${dir}/${file}`)
    if (actual !== digest)
      throw new UpstreamRefused('integrity', `${file} differs from its .cargo-checksum.json SHA-256`)
  }
  for (const file of files)
    if (!checksum.files.has(file))
      throw new UpstreamRefused('integrity', `${file} is not in .cargo-checksum.json, which lists the crate's files`)
}

function sha256Of(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256')
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject)
  })
}

// What ingestion reads from a binary package (.deb) itself: its copyright file and its changelog, as installed under
// /usr/share/doc/<package>/ (Debian Policy §12.5, §12.7). That folder alone is unpacked (dpkg-deb and tar) into a
// temporary folder that is removed afterwards. A package whose doc folder is a symlink to another package's (allowed
// when both come from one source) ships neither: the other package is named instead.
import { execFile, spawn } from 'node:child_process'
import { existsSync, lstatSync, mkdtempSync, readFileSync, readlinkSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { gunzipSync } from 'node:zlib'
import type { Analyzer } from '../../ingest/analyzers/types.ts'
import { type WalkResult, walkTarball } from '../../ingest/tarball-walk.ts'

const run = promisify(execFile)
const MAX_TEXT = 8 * 1024 * 1024

export interface DebDocs {
  copyright: string | null
  changelog: string | null
  /** The package whose doc folder this one's links to, when it is a link. */
  docsOf: string | null
}

export async function readDebDocs(debFile: string, name: string): Promise<DebDocs> {
  const dir = mkdtempSync(path.join(tmpdir(), 'compintel-deb-'))
  try {
    // only the package's doc folder is unpacked (a package may hold hundreds of megabytes); tar fails when the
    // package has none, which leaves the folder empty and the answer "no docs"
    const doc = `./usr/share/doc/${name}`
    await run(
      'bash',
      ['-c', 'dpkg-deb --fsys-tarfile "$1" | tar -x -C "$2" --wildcards "$3" "$3/*"', '-', debFile, dir, doc],
      {
        maxBuffer: 1024 * 1024,
      },
    ).catch(() => undefined)
    return readDocs(dir, name)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * How a tar stream a command writes is walked: in this thread (walkCommand), or in an artifact thread (jobs/thread/pool.ts).
 * When `signal` aborts, the command is killed (and reaped) and the walk fails.
 */
export type Walker = (
  command: string,
  args: string[],
  analyzers: readonly Analyzer<unknown>[],
  signal?: AbortSignal,
) => Promise<WalkResult>

/** The package's installed tree (its data archive, paths as under /) through the tarball walk and `analyzers`. */
export function walkDeb(
  debFile: string,
  analyzers: readonly Analyzer<unknown>[],
  walker: Walker = walkCommand,
): Promise<WalkResult> {
  return walker('dpkg-deb', ['--fsys-tarfile', debFile], analyzers)
}

/** The tar stream a command writes (dpkg-deb, a decompressor) through the tarball walk, no path component dropped. */
export async function walkCommand(
  command: string,
  args: string[],
  analyzers: readonly Analyzer<unknown>[],
  signal?: AbortSignal,
): Promise<WalkResult> {
  signal?.throwIfAborted()
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...(signal ? { signal } : {}) })
  let stderr = ''
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString()
  })
  const exited = new Promise<number>((resolve) => {
    child.on('error', () => resolve(127))
    child.on('close', (code) => resolve(code ?? 1))
  })
  const gone = new Promise<void>((resolve) => {
    child.on('error', () => resolve())
    child.on('exit', () => resolve())
  })
  try {
    const walked = await walkTarball(child.stdout, analyzers, { stripComponents: 0, ...(signal ? { signal } : {}) })
    if ((await exited) !== 0) throw new Error(`${command} failed: ${stderr.trim().slice(0, 300)}`)
    return walked
  } catch (err) {
    signal?.throwIfAborted() // the killed command's cut stream is not the failure
    throw err
  } finally {
    child.kill()
    child.stdout.destroy()
    await gone // reaped: no defunct child, whatever ended the walk
  }
}

/**
 * The docs of a package installed under `root` (`/` for this machine's own packages, or an unpacked .deb). On an
 * installed system a doc symlink is followed; in an unpacked .deb its target is absent, and is named instead.
 */
export function readDocs(root: string, name: string): DebDocs {
  const doc = path.join(root, 'usr', 'share', 'doc', name)
  if (isLink(doc) && !existsSync(path.join(doc, 'copyright')))
    return { copyright: null, changelog: null, docsOf: path.basename(readlinkSync(doc)) }
  if (!existsSync(doc)) return { copyright: null, changelog: null, docsOf: null }
  return {
    copyright: text(path.join(doc, 'copyright'), false),
    // a native package (Debian's own software) ships its Debian changelog as changelog.gz
    changelog: text(path.join(doc, 'changelog.Debian.gz'), true) ?? nativeChangelog(path.join(doc, 'changelog.gz')),
    docsOf: null,
  }
}

/** changelog.gz when it is in Debian's format (a native package's; others keep their upstream changelog there). */
function nativeChangelog(file: string): string | null {
  const t = text(file, true)
  return t && /^\S+ \([^()\s]+\) [^;]+;/.test(t) ? t : null
}

function isLink(p: string): boolean {
  try {
    return lstatSync(p).isSymbolicLink()
  } catch {
    return false
  }
}

function text(file: string, gzipped: boolean): string | null {
  if (!existsSync(file)) return null
  const raw = readFileSync(file)
  const bytes = gzipped ? gunzipSync(raw, { maxOutputLength: MAX_TEXT }) : raw
  return bytes.subarray(0, MAX_TEXT).toString('utf8')
}

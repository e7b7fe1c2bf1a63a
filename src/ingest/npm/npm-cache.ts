// compintel's packument cache (make-fetch-happen's, in cacache's layout) kept bounded: temporary files that a killed
// download left are removed, and when the entries add up to more than the limit the oldest go until it is 80% full.
import { readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import cacache from 'cacache'

/** A temporary file older than this belongs to no download still running (a packument takes seconds). */
const STALE_TMP_MS = 15 * 60_000

export interface CacheReport {
  tmpRemoved: number
  evicted: number
  bytes: number
}

export async function maintainCache(dir: string, maxBytes: number, now = Date.now()): Promise<CacheReport> {
  const tmpRemoved = await removeStaleTmp(path.join(dir, 'tmp'), now)
  const entries = Object.values(await cacache.ls(dir).catch(() => ({})))
  let bytes = entries.reduce((n, e) => n + (e.size ?? 0), 0)
  let evicted = 0
  if (bytes > maxBytes) {
    entries.sort((a, b) => a.time - b.time)
    for (const e of entries) {
      if (bytes <= maxBytes * 0.8) break
      await cacache.rm.entry(dir, e.key, { removeFully: true })
      await cacache.rm.content(dir, e.integrity).catch(() => {}) // shared by another entry, or gone already
      bytes -= e.size ?? 0
      evicted++
    }
  }
  return { tmpRemoved, evicted, bytes }
}

async function removeStaleTmp(tmp: string, now: number): Promise<number> {
  let names: string[]
  try {
    names = await readdir(tmp)
  } catch {
    return 0 // no tmp folder yet
  }
  let removed = 0
  for (const name of names) {
    const file = path.join(tmp, name)
    const s = await stat(file).catch(() => undefined)
    if (!s || now - s.mtimeMs < STALE_TMP_MS) continue
    await rm(file, { recursive: true, force: true })
    removed++
  }
  return removed
}

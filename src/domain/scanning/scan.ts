// The engine scan of a WFP post (docs/scanning.md): each file a file match (its MD5, or the MD5 of the same file
// with the other line endings, known in the KB), else a snippet match (its fingerprints found in an indexed file
// content), else none; in the post's order. Reads the index a constant number of times per post: the files of every
// posted MD5, the entries of every posted fingerprint (and the holders, components and paths, of the contents behind
// the most common ones: widespread.ts), then the contents hit and the files holding them.
import { breathe } from '../shared/breathe.ts'
import { extensionOf, identifiedLevel, precedes, rankPlaces, type SbomContext } from './component-choice.ts'
import { type EmittedHelperTexts, emittedHelperNoise } from './emitted-helpers.ts'
import { licenseNoise } from './license-noise.ts'
import { type SnippetCandidate, type SnippetSettings, snippetCandidates, thresholds } from './snippet-match.ts'
import { rangeTexts } from './snippet-ranges.ts'
import type { IndexedFile, ScanIndex } from './types.ts'
import type { WfpFile } from './wfp.ts'
import { widespreadHashes, widespreadLines } from './widespread.ts'

/** The engine's flag bits a scan itself honours (the answer's blocks are the HTTP layer's). */
const FLAG_NO_SNIPPETS = 1
const FLAG_HIDE_IDENTIFIED = 512

export interface ScanOptions {
  flags: number
  context?: SbomContext | undefined
  settings: SnippetSettings & { honourFileExts?: boolean }
  /** The texts compilers and bundlers emit (reference/emitted-helpers.ts), left out of snippet matching; none when absent. */
  emittedHelpers?: EmittedHelperTexts | undefined
}

export interface FileMatch {
  id: 'file' | 'snippet'
  /** The place named: component, version and path of the matched content. */
  place: IndexedFile
  /** The MD5 that matched (the file's, or its other-line-endings MD5), or the snippet content's. */
  fileHash: string
  lines: string
  ossLines: string
  /** A percentage, 1–100. */
  matched: number
  /** Snippets only. */
  hits?: number
  identified: boolean
}

export interface FileResult {
  path: string
  /** The scanned file's MD5 (the `file=` line's). */
  sourceHash: string
  match: FileMatch | undefined
}

/** The empty file's MD5 matches nothing: every package has empty files. */
const EMPTY_MD5 = 'd41d8cd98f00b204e9800998ecf8427e'
/** An index entry list longer than this says nothing of where a file comes from (see SqlScanIndex.hits). */
const MAX_CONTENTS_PER_HASH = 1000

export async function scanWfp(files: readonly WfpFile[], index: ScanIndex, opts: ScanOptions): Promise<FileResult[]> {
  const md5s = files.flatMap((f) => [f.md5, ...(f.fh2 ? [f.fh2] : [])]).filter((m) => m !== EMPTY_MD5)
  const places = groupByMd5(await index.filesByMd5(md5s))
  const results: (FileResult | undefined)[] = files.map((f) => {
    const match = fileMatch(f, places, opts)
    return match ? { path: f.path, sourceHash: f.md5, match } : undefined
  })
  const snippetFiles = files.flatMap((f, i) =>
    results[i] === undefined && f.snippets.length > 0 && !(opts.flags & FLAG_NO_SNIPPETS) ? [i] : [],
  )
  const noise = snippetFiles.length > 0 ? await licenseNoise() : new Set<number>()
  const emitted =
    snippetFiles.length > 0 && opts.emittedHelpers ? await emittedHelperNoise(opts.emittedHelpers) : new Set<number>()
  const wanted = new Set<number>()
  for (const i of snippetFiles) {
    await breathe()
    for (const s of (files[i] as WfpFile).snippets) if (!noise.has(s.hash) && !emitted.has(s.hash)) wanted.add(s.hash)
  }
  const found = await index.hits([...wanted], MAX_CONTENTS_PER_HASH)
  const widespread = await widespreadHashes(found, (ids) => index.holdersOf(ids))
  const hits = widespread.size === 0 ? found : found.filter((h) => !widespread.has(h.hash))
  const byHash = groupBy(hits, (h) => h.hash)
  const candidates = new Map<number, SnippetCandidate[]>()
  for (const i of snippetFiles) {
    await breathe()
    const f = files[i] as WfpFile
    const own = [...new Set(f.snippets.map((s) => s.hash))].flatMap((h) => byHash.get(h) ?? [])
    const skip = widespread.size === 0 ? undefined : widespreadLines(f.snippets, widespread)
    candidates.set(i, snippetCandidates(f.snippets, own, thresholds(f.snippets, opts.settings), skip))
  }
  const contentIds = [...candidates.values()].flatMap((list) => list.map((c) => c.contentId))
  const contents = await index.contents(contentIds)
  const contentPlaces = groupByMd5(await index.filesByMd5([...contents.values()].map((c) => c.md5)))
  const out: FileResult[] = []
  for (const [i, f] of files.entries()) {
    await breathe()
    const list = candidates.get(i) ?? []
    const placesOf = (id: number) => contentPlaces.get(contents.get(id)?.md5 ?? '') ?? []
    const linesOf = (id: number) => contents.get(id)?.lines ?? 0
    out.push(results[i] ?? { path: f.path, sourceHash: f.md5, match: bestSnippet(f, list, placesOf, linesOf, opts) })
  }
  return out
}

const groupByMd5 = (files: readonly IndexedFile[]) => groupBy(files, (f) => f.md5)

function groupBy<K, T>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>()
  for (const item of items) {
    const list = out.get(key(item))
    if (list) list.push(item)
    else out.set(key(item), [item])
  }
  return out
}

function fileMatch(f: WfpFile, places: Map<string, IndexedFile[]>, opts: ScanOptions): FileMatch | undefined {
  for (const md5 of [f.md5, f.fh2]) {
    if (md5 === undefined || md5 === EMPTY_MD5) continue
    const [place] = rankPlaces(places.get(md5) ?? [], f.path, opts.context)
    if (!place) continue
    return shown({ id: 'file', place, fileHash: md5, lines: 'all', ossLines: 'all', matched: 100 }, opts)
  }
  return undefined
}

/**
 * The engine's choice among snippet candidates: those with about the matched-line total of the candidate with the
 * most hits; of them the oldest component, replaced by one with more than 1.1× its hits, or by an SBOM-identified
 * one; a candidate whose content's paths all have another extension than the scanned file's is not one.
 */
function bestSnippet(
  f: WfpFile,
  list: readonly SnippetCandidate[],
  placesOf: (contentId: number) => IndexedFile[],
  linesOf: (contentId: number) => number,
  opts: ScanOptions,
): FileMatch | undefined {
  const ext = extensionOf(f.path)
  const usable = list
    .map((c) => ({ c, places: rankPlaces(placesOf(c.contentId), f.path, opts.context) }))
    .filter(({ places }) => places.length > 0)
    .filter(
      ({ places }) =>
        opts.settings.honourFileExts === false || ext === '' || places.some((p) => extensionOf(p.path) === ext),
    )
    .sort((a, b) => b.c.hits - a.c.hits || a.c.contentId - b.c.contentId)
  const top = usable[0]
  if (!top) return undefined
  const kept = usable.filter((u) => Math.abs(u.c.matchedLines - top.c.matchedLines) * 100 < top.c.matchedLines)
  let best = kept.reduce((a, b) => (precedes(b.places[0] as IndexedFile, a.places[0] as IndexedFile) ? b : a))
  for (const u of kept) {
    if (u === best) continue
    const level = (x: typeof u) => identifiedLevel(x.places[0] as IndexedFile, opts.context)
    if (level(u) > level(best) || u.c.hits > 1.1 * best.c.hits) best = u
  }
  const place = best.places[0] as IndexedFile
  const { c } = best
  return shown(
    {
      id: 'snippet',
      place,
      fileHash: place.md5,
      ...rangeTexts(c.ranges, linesOf(c.contentId)),
      matched: c.matched,
      hits: c.hits,
    },
    opts,
  )
}

/**
 * A match as answered (its place comes from rankPlaces, which never names a blacklisted component): marked identified
 * when the SBOM names it, and hidden when flag 512 asks so.
 */
function shown(m: Omit<FileMatch, 'identified'>, opts: ScanOptions): FileMatch | undefined {
  const identified = identifiedLevel(m.place, opts.context) > 0
  if (identified && opts.flags & FLAG_HIDE_IDENTIFIED) return undefined
  return { ...m, identified }
}

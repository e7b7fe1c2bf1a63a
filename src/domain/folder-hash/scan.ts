// The folder-hash scan (docs/api-behaviour.md "Folder-hash scan"): each folder of the request tree matched against the
// index by Hamming distance, recursion into sub-folders, each component reported once at its best folder.
// The distance, score, cut-off and ordering rules are documented in docs/folder-hashing.md.
import { versionLicenseIds } from '../components/versions.ts'
import { licenseEntry } from '../licenses/spdx.ts'
import type { LicenseReader } from '../licenses/types.ts'
import { componentNames } from '../shared/component-name.ts'
import { isDistribution } from '../shared/repackaging.ts'
import { bandKeys } from './bands.ts'
import { type Distances, isAmbiguous, isEvidence, mayMakeAmbiguous } from './evidence.ts'
import { hamming } from './primitives.ts'
import { componentRank } from './rank.ts'
import type { ComponentMatch, FolderIndex, FolderResult, IndexedVersion, ScanFilters, ScanNode } from './types.ts'

/** Folders whose names hashes differ in more bits than this are not the same software (the reference's bound). */
const MAX_NAMES_DISTANCE = 30
/** At most this many versions of one component are listed per folder. */
const MAX_VERSIONS_PER_COMPONENT = 10

/** The combined distance of a folder to an indexed one: contents first, names next, directory names a little. */
function folderDistance(dNames: number, dContent: number, dDirs: number): number {
  return 0.6 * dContent + 0.3 * dNames + 0.1 * dDirs
}

/** score = exp(−0.065 × distance) (docs/folder-hashing.md "Matching"): 0 → 1.0, 10 → 0.52, 30 → 0.14. */
function scoreOf(distance: number): number {
  return Math.round(Math.exp(-0.065 * distance) * 1e4) / 1e4
}

interface Hit {
  versionId: number
  distance: number
  content: number
}
/** A folder's evidence (docs/folder-hashing.md "Evidence"), and every package folder near it, evidence or not. */
interface FolderHits {
  hits: Hit[]
  near: Hit[]
}

export async function scanFolderTree(
  root: ScanNode,
  filters: ScanFilters,
  index: FolderIndex,
  licenses: LicenseReader,
): Promise<FolderResult[]> {
  const queried = searchableNodes(root)
  const hitsByNode = await findHits(queried, index)
  const versionIds = [
    ...new Set([...hitsByNode.values()].flatMap((f) => [...f.hits, ...f.near].map((h) => h.versionId))),
  ]
  const versions = await index.versions(versionIds)

  const found: { pathId: string; components: Candidate[] }[] = []
  const visit = (node: ScanNode, isRoot: boolean) => {
    if (!node.hashes) return // the reference skips a folder without hashes and everything below it
    const components = matchFolder(hitsByNode.get(node) ?? { hits: [], near: [] }, versions, filters)
    if (components.length > 0) found.push({ pathId: node.pathId, components })
    const best = Math.max(0, ...components.flatMap((c) => c.versions.map((v) => v.score)))
    const stop =
      (!isRoot || node.children.length === 0) && filters.recursiveThreshold > 0 && best >= filters.recursiveThreshold
    if (!stop) for (const c of node.children) visit(c, false)
  }
  visit(root, true)

  const results = keepBestFolderPerPurl(found)
  const shown = results.flatMap((r) => r.components.flatMap((c) => c.versions.map((v) => v.versionId)))
  const facts = await licenses.ofVersions([...new Set(shown)])
  return results.map((r) => ({
    pathId: r.pathId,
    components: r.components.map((c) => ({
      ...c,
      versions: c.versions.map((v) => ({
        version: v.version,
        score: v.score,
        licenses: versionLicenseIds(facts.get(v.versionId)).map(licenseEntry),
      })),
    })),
  }))
}

/** Folders with hashes, in pre-order, not below a folder without them. */
function searchableNodes(root: ScanNode): ScanNode[] {
  const out: ScanNode[] = []
  const walk = (n: ScanNode) => {
    if (!n.hashes) return
    out.push(n)
    for (const c of n.children) walk(c)
  }
  walk(root)
  return out
}

/** The index hits of every folder: one lookup for all their band keys, then exact distances per folder. */
async function findHits(nodes: readonly ScanNode[], index: FolderIndex): Promise<Map<ScanNode, FolderHits>> {
  const keysOf = new Map(nodes.map((n) => [n, n.hashes ? bandKeys(n.hashes.names, n.hashes.content) : []]))
  const candidates = await index.nodesWithBands([...new Set([...keysOf.values()].flat())])
  const byKey = new Map<number, typeof candidates>()
  for (const c of candidates) {
    for (const k of bandKeys(c.names, c.content)) {
      const list = byKey.get(k)
      if (list) list.push(c)
      else byKey.set(k, [c])
    }
  }
  const out = new Map<ScanNode, FolderHits>()
  for (const [node, keys] of keysOf) {
    const h = node.hashes
    if (!h) continue
    const best = new Map<number, Hit>() // version → its nearest folder that is evidence
    const near = new Map<number, Hit>() // version → its package folder, evidence or not, if near enough to count
    for (const k of keys) {
      for (const c of byKey.get(k) ?? []) {
        const d: Distances = {
          names: hamming(h.names, c.names),
          content: hamming(h.content, c.content),
          // the folder as the package has it, or as installed at node_modules/<name>: whichever is nearer
          dirs: Math.min(hamming(h.dirs, c.dirs), c.dirsInstalled ? hamming(h.dirs, c.dirsInstalled) : 64),
        }
        if (d.names > MAX_NAMES_DISTANCE) continue
        const hit = { versionId: c.versionId, distance: folderDistance(d.names, d.content, d.dirs), content: d.content }
        if (c.path === '.' && mayMakeAmbiguous(d)) keepNearest(near, hit)
        if (isEvidence(d)) keepNearest(best, hit)
      }
    }
    out.set(node, { hits: [...best.values()], near: [...near.values()] })
  }
  return out
}

function keepNearest(byVersion: Map<number, Hit>, hit: Hit): void {
  const old = byVersion.get(hit.versionId)
  if (old === undefined || hit.distance < old.distance) byVersion.set(hit.versionId, hit)
}

interface RankedVersion {
  versionId: number
  version: string
  score: number
  distance: number
  releasedAt: string
}
type Candidate = Omit<ComponentMatch, 'versions'> & { versions: RankedVersion[]; best: number }

/**
 * The components of one folder, best first, after the filters and the reference's cut-off (best × 1.1 + 3); none
 * when its nearest evidence is ambiguous (evidence.ts).
 */
function matchFolder(found: FolderHits, versions: Map<number, IndexedVersion>, f: ScanFilters): Candidate[] {
  const byPurl = new Map<string, Candidate>()
  const kept = found.hits.filter((h) => scoreOf(h.distance) > f.minAcceptedScore)
  const nearest = kept.reduce<Hit | undefined>((a, h) => (a && a.content <= h.content ? a : h), undefined)
  const purlOf = (h: Hit) => versions.get(h.versionId)?.purl ?? ''
  const near = found.near.map((h) => ({ purl: purlOf(h), content: h.content }))
  if (nearest && isAmbiguous(nearest.content, purlOf(nearest), near)) return []
  const bestDistance = kept.reduce((min, h) => Math.min(min, h.distance), Number.POSITIVE_INFINITY)
  for (const h of kept) {
    const v = versions.get(h.versionId)
    if (!v || h.distance > bestDistance * 1.1 + 3) continue
    if (f.category !== undefined && v.type !== f.category) continue
    const rank = componentRank(v)
    if (rank > f.rankThreshold) continue
    let c = byPurl.get(v.purl)
    if (!c) {
      const names = componentNames(v)
      c = {
        purl: v.purl,
        name: names.component,
        vendor: names.vendor,
        versions: [],
        rank,
        order: 0,
        best: h.distance,
      }
      byPurl.set(v.purl, c)
    }
    c.best = Math.min(c.best, h.distance)
    c.versions.push({
      versionId: v.versionId,
      version: v.version,
      score: scoreOf(h.distance),
      distance: h.distance,
      releasedAt: v.releasedAt ?? '',
    })
  }
  // at the same distance, an upstream package before a distribution's (docs/folder-hashing.md "Matching")
  const copy = (c: Candidate) => (isDistribution(c.purl) ? 1 : 0)
  const list = [...byPurl.values()].sort(
    (a, b) => a.best - b.best || copy(a) - copy(b) || a.rank - b.rank || cmp(a.purl, b.purl),
  )
  return list.slice(0, f.queryLimit).map((c, i) => ({
    ...c,
    order: i + 1,
    versions: c.versions
      .sort((a, b) => a.distance - b.distance || cmp(b.releasedAt, a.releasedAt) || cmp(a.version, b.version))
      .slice(0, MAX_VERSIONS_PER_COMPONENT),
  }))
}

/** Each purl once, in the folder where its best version scores highest (the first such folder on a tie). */
function keepBestFolderPerPurl(found: readonly { pathId: string; components: Candidate[] }[]) {
  const home = new Map<string, { folder: number; score: number }>()
  found.forEach((r, folder) => {
    for (const c of r.components) {
      const score = c.versions[0]?.score ?? 0
      const at = home.get(c.purl)
      if (!at || score > at.score) home.set(c.purl, { folder, score })
    }
  })
  return found
    .map((r, folder) => ({
      pathId: r.pathId,
      components: r.components
        .filter((c) => home.get(c.purl)?.folder === folder)
        .map(({ best: _best, ...c }, i) => ({ ...c, order: i + 1 })),
    }))
    .filter((r) => r.components.length > 0)
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

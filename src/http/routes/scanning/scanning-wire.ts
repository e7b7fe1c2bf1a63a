// Domain answers of the folder-hash scan → their wire form: per folder, the components it matched with their
// scored versions and those versions' licenses.
import type { scanFolderTree } from '../../../domain/folder-hash/scan.ts'
import { versionLicense } from '../components/component-wire.ts'

type FolderResult = Awaited<ReturnType<typeof scanFolderTree>>[number]

export function folderMatches(r: FolderResult) {
  return {
    path_id: r.pathId,
    components: r.components.map((c) => ({
      purl: c.purl,
      name: c.name,
      vendor: c.vendor,
      versions: c.versions.map((v) => ({
        version: v.version,
        score: v.score,
        licenses: v.licenses.map(versionLicense),
      })),
      rank: c.rank,
      order: c.order,
    })),
  }
}

// Reads one file of an npm package version for `GET /file_contents/{md5}` (docs/scanning.md "File contents"): the
// version's tarball as its packument names it, through the registry client (its size bounds, origin rules and
// integrity check), one path taken out of it by the bounded extractor.
import type { FilePlace } from '../../domain/scanning/file-contents.ts'
import { tryParsePurl } from '../../domain/shared/purl.ts'
import { extractFile } from '../../ingest/tar-extract.ts'
import { type Manifest, type NpmRegistry, PackageNotFound } from './registry.ts'

/** What an artifact thread runs for a file job (jobs/thread/pool.ts's files() is the server's PackageFileSource). */
export class NpmPackageFiles {
  constructor(
    private readonly registry: NpmRegistry,
    /** The archive is refused once it unpacks to more than this (the walk's bound: ON_DEMAND_MAX_UNPACKED_MB). */
    private readonly maxUnpackedBytes: number,
  ) {}

  serves(purl: string): boolean {
    return purl.startsWith('pkg:npm/')
  }

  async read(place: FilePlace, maxBytes: number, signal: AbortSignal): Promise<Buffer | undefined> {
    const purl = tryParsePurl(place.purl)
    if (purl?.type !== 'npm') return undefined
    const name = purl.namespace ? `${purl.namespace}/${purl.name}` : purl.name
    try {
      return await this.fromTarball(name, place, maxBytes, signal)
    } catch (err) {
      if (err instanceof PackageNotFound) return undefined // unpublished since it was analyzed
      throw err
    }
  }

  private async fromTarball(name: string, place: FilePlace, maxBytes: number, signal: AbortSignal) {
    const manifest: Manifest | undefined = (await this.registry.packument(name, signal)).versions?.[place.version]
    if (!manifest) return undefined
    const dist = manifest.dist ?? {}
    const sha1 = dist.shasum ? `sha1-${Buffer.from(dist.shasum, 'hex').toString('base64')}` : undefined
    const ref = { name, version: place.version, integrity: dist.integrity ?? sha1, url: dist.tarball }
    const limits = { maxFileBytes: maxBytes, maxUnpackedBytes: this.maxUnpackedBytes, signal }
    return this.registry.withTarball(ref, (stream) => extractFile(stream, place.path, limits), signal)
  }
}

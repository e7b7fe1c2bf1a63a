// Ruleset releases (docs/cryptography-rulesets.md): `<type>-<version>/` with one directory per language of YAML
// rule files and a manifest.json, packed deterministically. The manifest inside the archive carries the checksum of
// the rules content (it cannot carry the archive's own); the manifest stored beside the archive carries the
// archive's SHA-256, which the server verifies and sends as X-Checksum-SHA256.
import { createHash } from 'node:crypto'
import { RULESET_DESCRIPTIONS, type RulesetManifest, type RulesetType } from '../../domain/rulesets/types.ts'
import type { RuleFile } from './sources.ts'
import { gzipDeterministic, type TarEntry, tar } from './tar.ts'

export interface ReleaseBuild {
  /** The manifest inside the archive (checksum of the rules content). */
  manifest: RulesetManifest
  /** The manifest stored beside the archive (checksum of the archive). */
  storeManifest: RulesetManifest
  tar: Buffer
  archive: Buffer
  fileName: string
}

export function sha256Hex(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex')
}

/**
 * SHA-256 of the rules content: of the `sha256sum` lines (`<hex>  ./<language>/<file>.yaml`) of every rule file in
 * byte order, as `find . -name '*.yaml' | LC_ALL=C sort | xargs sha256sum | sha256sum` prints it in the top directory.
 */
export function rulesChecksum(files: readonly Pick<RuleFile, 'path' | 'text'>[]): string {
  const lines = [...files]
    .map((f) => ({ p: `./${f.path}`, h: sha256Hex(f.text) }))
    .sort((a, b) => Buffer.compare(Buffer.from(a.p), Buffer.from(b.p)))
    .map((x) => `${x.h}  ${x.p}\n`)
  return sha256Hex(lines.join(''))
}

export function archiveFileName(type: RulesetType, version: string): string {
  return `${type}-${version}.tar.gz`
}

export function buildRelease(
  type: RulesetType,
  version: string,
  createdAt: string,
  files: readonly Pick<RuleFile, 'path' | 'text'>[],
): ReleaseBuild {
  const mtime = Math.floor(Date.parse(createdAt) / 1000)
  if (!Number.isFinite(mtime) || mtime < 0) throw new Error(`created_at is not an ISO 8601 date: ${createdAt}`)
  const top = `${type}-${version}/`
  const manifest: RulesetManifest = {
    name: type,
    version,
    description: RULESET_DESCRIPTIONS[type],
    created_at: createdAt,
    checksum_sha256: rulesChecksum(files),
  }
  const byPath = new Map<string, Buffer | undefined>([[top, undefined]])
  for (const f of files) {
    const dir = f.path.slice(0, f.path.lastIndexOf('/') + 1)
    if (dir) byPath.set(top + dir, undefined)
    byPath.set(top + f.path, Buffer.from(f.text))
  }
  byPath.set(`${top}manifest.json`, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`))
  const entries: TarEntry[] = [...byPath]
    .sort(([a], [b]) => Buffer.compare(Buffer.from(a), Buffer.from(b)))
    .map(([path, content]) => (content ? { path, content } : { path }))
  const tarBytes = tar(entries, mtime)
  const archive = gzipDeterministic(tarBytes)
  return {
    manifest,
    storeManifest: { ...manifest, checksum_sha256: sha256Hex(archive) },
    tar: tarBytes,
    archive,
    fileName: archiveFileName(type, version),
  }
}

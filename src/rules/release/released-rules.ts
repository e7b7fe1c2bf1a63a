// The rules of a type's latest release, read from its archive (data/rulesets/<type>/<latest>): what an analyzer runs,
// so that its findings name the release they came from (docs/semgrep.md "Rule set releases").
import type { RuleMetadataOf, RulesetType } from '../../domain/rulesets/types.ts'
import { parseRules, type RuleFile } from './sources.ts'
import { RULESETS_STORE_DIR, readLatestRelease } from './store.ts'
import { readTarGz } from './tar.ts'

export interface ReleasedRules<T extends RulesetType> {
  /** The release name, e.g. `v1.0.0`. */
  version: string
  /** SHA-256 of the archive. */
  checksum: string
  files: RuleFile<RuleMetadataOf[T]>[]
}

export function releasedRules<T extends RulesetType>(type: T, dir = RULESETS_STORE_DIR): ReleasedRules<T> {
  const { manifest, archive, checksum } = readLatestRelease(type, dir)
  const top = `${type}-${manifest.version}/`
  const files = readTarGz(archive)
    .filter((e) => e.type === 'file' && e.path.startsWith(top) && e.path.endsWith('.yaml'))
    .map((e) => {
      const rel = e.path.slice(top.length)
      const text = e.content.toString('utf8')
      return { language: rel.slice(0, rel.indexOf('/')), path: rel, text, rules: parseRules(text, top + rel, type) }
    })
  return { version: manifest.version, checksum, files }
}

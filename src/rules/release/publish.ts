// Releasing rulesets (`compintel rulesets build`): regenerate the keywords sources from the catalogue, check every rule
// against its examples, then build each type's release and store it. A released version is immutable: rebuilding it
// from changed rules is refused (release a new version) unless forced; its created_at is the one recorded with it.
import { gunzipSync } from 'node:zlib'
import type { CatalogueAlgorithm } from '../../domain/cryptography/types.ts'
import type { RulesetType } from '../../domain/rulesets/types.ts'
import { compareReleases, isReleaseVersion } from '../../domain/rulesets/version.ts'
import { cryptoFinder, issueFinder } from '../engine/findings.ts'
import { checkExamples } from './examples.ts'
import { buildRelease } from './release.ts'
import { assertUniqueIds, RULESETS_SOURCE_DIR, readRuleFiles, writeKeywordSources } from './sources.ts'
import { RULESETS_STORE_DIR, storedArchive, storedLatest, storedManifest, writeLatest, writeRelease } from './store.ts'

export interface PublishOptions {
  types: readonly RulesetType[]
  /** Default: the type's current latest release (a rebuild that must change nothing). */
  version?: string
  /** ISO 8601 date of a new release; default today, 00:00:00Z. */
  createdAt?: string
  force?: boolean
  sourceDir?: string
  storeDir?: string
}

export interface PublishResult {
  type: RulesetType
  version: string
  status: 'created' | 'unchanged' | 'rebuilt'
  checksum: string
  latest: string
}

/**
 * Regenerates the keywords sources from the algorithm catalogue and checks every rule; returns the regenerated paths,
 * throws on failures.
 */
export function prepareSources(catalogue: readonly CatalogueAlgorithm[], sourceDir = RULESETS_SOURCE_DIR): string[] {
  const changed = writeKeywordSources(catalogue, sourceDir)
  const crypto = cryptoFinder(new Set(catalogue.map((a) => a.id)))
  const failures: string[] = []
  for (const type of ['dca', 'keywords'] as const) {
    const files = readRuleFiles(type, sourceDir)
    assertUniqueIds(files)
    failures.push(...checkExamples(type, files, crypto, sourceDir))
  }
  const issues = readRuleFiles('semgrep', sourceDir)
  assertUniqueIds(issues)
  failures.push(...checkExamples('semgrep', issues, issueFinder, sourceDir))
  if (failures.length > 0) throw new Error(`rules fail their examples:\n  ${failures.join('\n  ')}`)
  return changed
}

export function publishRulesets(opts: PublishOptions): PublishResult[] {
  const sourceDir = opts.sourceDir ?? RULESETS_SOURCE_DIR
  const storeDir = opts.storeDir ?? RULESETS_STORE_DIR
  if (opts.version !== undefined && !isReleaseVersion(opts.version))
    throw new Error(`--version must be v<MAJOR>.<MINOR>.<PATCH>, got ${opts.version}`)
  return opts.types.map((type) => {
    const latest = storedLatest(type, storeDir)
    const version = opts.version ?? latest
    if (!version) throw new Error(`${type} has no release yet: give --version`)
    const recorded = storedManifest(type, version, storeDir)
    if (recorded && opts.createdAt && opts.createdAt !== recorded.created_at)
      throw new Error(`${type} ${version} was released with created_at ${recorded.created_at}`)
    const createdAt = recorded?.created_at ?? opts.createdAt ?? `${new Date().toISOString().slice(0, 10)}T00:00:00Z`
    const build = buildRelease(type, version, createdAt, readRuleFiles(type, sourceDir))
    let status: PublishResult['status'] = 'created'
    const old = storedArchive(type, version, storeDir)
    if (recorded && old) {
      if (gunzipSync(old).equals(build.tar)) status = 'unchanged'
      else if (!opts.force)
        throw new Error(`${type} ${version} is released and its rules changed since: release a new --version`)
      else status = 'rebuilt'
    }
    if (status !== 'unchanged') writeRelease(type, build, storeDir)
    const newLatest = !latest || compareReleases(version, latest) > 0 ? version : latest
    if (newLatest !== latest) writeLatest(type, newLatest, storeDir)
    const checksum = status === 'unchanged' ? (recorded?.checksum_sha256 ?? '') : build.storeManifest.checksum_sha256
    return { type, version, status, checksum, latest: newLatest }
  })
}

// A packument's identity is checked, never trusted (docs/knowledge-base.md "Identity rules"): a registry that answers
// the request for one package with another's packument, or with names and versions npm's rules do not allow, is
// refused before anything is mapped, so it cannot rewrite a package it was not asked about.
import { npmNameProblem, npmVersionProblem } from '../../domain/kb/ecosystem-rules.ts'
import { excerpt, UpstreamRefused } from '../../ingest/failure.ts'
import type { Packument } from './registry.ts'

/** Keys of a packument's `time` that are not versions. */
export const TIME_KEYS = new Set(['created', 'modified', 'unpublished'])

/** A bounded, escaped, quoted piece of the registry's answer for a refusal's message. */
const quote = (v: unknown): string => (typeof v === 'string' ? `"${excerpt(v, 80)}"` : typeof v)

function refuse(requested: string, why: string): never {
  throw new UpstreamRefused('identity', `npm registry's packument for ${quote(requested)} refused: ${why}`)
}

/**
 * Throws UpstreamRefused('identity') unless the packument names exactly the package asked for (npm compares names
 * as they are: old mixed-case names such as JSONStream are not lower-cased), that name is one npm allows, every
 * version's manifest names the same package and its own version, and every version (the manifests', the dated
 * ones of `time`, the `latest` tag) is one npm allows.
 */
export function checkIdentity(requested: string, p: Packument): void {
  if (typeof p !== 'object' || p === null) refuse(requested, 'not an object')
  if (p.name !== requested) refuse(requested, `it names ${quote(p.name)}`)
  const nameProblem = npmNameProblem(p.name)
  if (nameProblem) refuse(requested, nameProblem)
  const version = (v: string, where: string) => {
    const problem = npmVersionProblem(v)
    if (problem) refuse(requested, `${where} ${quote(v)}: ${problem}`)
  }
  const manifests: Record<string, unknown> = p.versions ?? {}
  for (const [key, m] of Object.entries(manifests)) {
    version(key, 'version')
    const manifest = (typeof m === 'object' && m !== null ? m : {}) as { name?: unknown; version?: unknown }
    if (manifest.name !== p.name) refuse(requested, `version ${quote(key)}'s manifest names ${quote(manifest.name)}`)
    if (manifest.version !== key)
      refuse(requested, `version ${quote(key)}'s manifest is version ${quote(manifest.version)}`)
  }
  for (const key of Object.keys(p.time ?? {})) if (!TIME_KEYS.has(key)) version(key, 'dated version')
  const latest = p['dist-tags']?.latest
  if (latest !== undefined) version(String(latest), 'latest tag')
}

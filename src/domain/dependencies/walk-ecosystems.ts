// What the transitive walk (transitive.ts) needs to know of each ecosystem with dependency data: which declared
// scopes it follows, which registry package a declared dependency names, its purl, and which version a requirement
// installs. npm: npm's rules (specifier.ts, pick-version.ts: dist-tags, aliases; git/file/url specifiers name no
// registry package). Debian (pkg:deb/debian/…): the first alternative of each need (runtime; alternatives are
// recorded as optional and not followed), the highest version the suites list that meets the relations, as apt's
// candidate would be (docs/debian.md "Dependencies").
import type { KnownComponent, KnownVersion } from '../catalog/types.ts'
import type { DependencyScope } from '../kb/types.ts'
import { resolveVersion } from '../shared/requirement.ts'
import { pickVersion } from './pick-version.ts'
import { classifySpecifier, npmPurl } from './specifier.ts'

export interface WalkEcosystem {
  scopes: readonly DependencyScope[]
  /** The registry package a declared dependency names (its purl_name and range), or undefined when it names none. */
  target(name: string, requirement: string): { purlName: string; range: string } | undefined
  purlOf(purlName: string): string
  pick(range: string, component: KnownComponent): KnownVersion | undefined
}

const npm: WalkEcosystem = {
  scopes: ['runtime', 'optional'],
  target(name, requirement) {
    const spec = classifySpecifier(name, requirement)
    return spec.kind === 'registry' ? { purlName: spec.name, range: spec.range } : undefined
  },
  purlOf: (purlName) => npmPurl(purlName),
  pick: (range, component) => pickVersion(range, component),
}

const deb: WalkEcosystem = {
  scopes: ['runtime'],
  target: (name, requirement) => ({ purlName: `debian/${name}`, range: requirement }),
  purlOf: (purlName) => `pkg:deb/${purlName}`,
  pick(range, component) {
    const installable = component.versions.filter((v) => v.status === 'active')
    return resolveVersion({ purl: component.purl, requirement: range }, installable).chosen
  },
}

/** The purl types the walk follows, each with its rules. */
export const WALK_ECOSYSTEMS: Readonly<Record<string, WalkEcosystem>> = { npm, deb }

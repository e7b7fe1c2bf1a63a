// The version scheme of each purl type (docs/vulnerabilities.md, "Version order"): each ecosystem's own order where
// compintel implements it, node-semver for npm and the other semver ecosystems, natural order for the rest.
import { cargoScheme } from './cargo.ts'
import { composerScheme } from './composer.ts'
import { debianScheme } from './debian.ts'
import { goScheme } from './go.ts'
import { mavenScheme } from './maven.ts'
import { naturalScheme } from './natural-scheme.ts'
import { nugetScheme } from './nuget.ts'
import { pep440Scheme } from './pep440.ts'
import { rubygemsScheme } from './rubygems.ts'
import { semverScheme } from './semver-scheme.ts'
import type { VersionScheme } from './types.ts'

const SCHEMES = new Map<string, VersionScheme>(
  Object.entries({
    npm: semverScheme,
    pypi: pep440Scheme,
    maven: mavenScheme,
    gem: rubygemsScheme,
    nuget: nugetScheme,
    composer: composerScheme,
    golang: goScheme,
    cargo: cargoScheme,
    deb: debianScheme,
    github: semverScheme,
    gitlab: semverScheme,
    bitbucket: semverScheme,
    hex: semverScheme,
    pub: semverScheme,
    swift: semverScheme,
    cocoapods: semverScheme,
  }),
)

export function schemeFor(purlType: string): VersionScheme {
  return SCHEMES.get(purlType) ?? naturalScheme
}

export type { VersionScheme }
export {
  cargoScheme,
  composerScheme,
  debianScheme,
  goScheme,
  mavenScheme,
  naturalScheme,
  nugetScheme,
  pep440Scheme,
  rubygemsScheme,
  semverScheme,
}

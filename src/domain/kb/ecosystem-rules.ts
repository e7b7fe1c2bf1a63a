// What each ecosystem's own rules allow as a package name and a version (docs/knowledge-base.md "Identity rules").
// Ingestion refuses an upstream's answer that breaks them (sources/npm/check-identity.ts; Debian's index stanzas,
// sources/debian/indexes.ts) and `compintel check` reports the KB rows that do (consistency.ts). Each rule answers
// why a string is refused, or undefined when it is allowed.
import semver from 'semver'
import validateName from 'validate-npm-package-name'
import { cargoScheme } from '../shared/versions/cargo.ts'
import { debianScheme } from '../shared/versions/debian.ts'
import { pep440Scheme } from '../shared/versions/pep440.ts'

/** npm: what validate-npm-package-name allows, under the old packages' rules (JSONStream, string_decoder, events). */
export function npmNameProblem(name: string): string | undefined {
  const r = validateName(name)
  return r.validForOldPackages ? undefined : `not an npm package name (${(r.errors ?? []).join('; ')})`
}

/** Digits first, then only what node-semver's loose grammar holds: no `v` or `=` prefix, no space. */
const NPM_VERSION = /^[0-9][0-9A-Za-z.+-]*$/

/**
 * npm: a version node-semver parses, loosely as the registry once accepted (express 1.0.0beta, 3.0.0rc1), written as
 * published (starting with a digit, no spaces), at most 256 characters (node-semver's limit).
 */
export function npmVersionProblem(version: string): string | undefined {
  if (version.length > 256) return 'not an npm version (longer than 256 characters)'
  if (!NPM_VERSION.test(version) || semver.valid(version, { loose: true }) === null)
    return 'not an npm version (not semver)'
  return undefined
}

/** Debian Policy §5.6.1: lower-case letters, digits, `+`, `-` and `.`, at least two, starting alphanumeric. */
const DEBIAN_NAME = /^[a-z0-9][a-z0-9+.-]+$/

export function debianNameProblem(name: string): string | undefined {
  return DEBIAN_NAME.test(name) ? undefined : 'not a Debian package name (Policy 5.6.1)'
}

/**
 * Debian Policy §5.6.12 as dpkg parses it: [epoch:]upstream[-revision], the epoch digits, the upstream version
 * starting with a digit and made of alphanumerics and `.+~-:` (a `-` only with a revision, a `:` only with an
 * epoch), the revision of alphanumerics and `.+~`; dpkg's own errors too (an empty revision, an epoch over its int).
 */
const DEBIAN_VERSION = /^(?:([0-9]+):)?([0-9][A-Za-z0-9.+~:-]*?)(?:-([A-Za-z0-9.+~]+))?$/

export function debianVersionProblem(version: string): string | undefined {
  const m = DEBIAN_VERSION.exec(version)
  const allowed = m && (m[1] !== undefined || !m[2]?.includes(':')) && debianScheme.isValid(version)
  return allowed ? undefined : 'not a Debian version (Policy 5.6.12)'
}

/** PEP 508 "Names": ASCII letters and digits, and `.`, `_`, `-` between them (any case; PEP 503 compares them). */
const PYPI_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/

function pypiNameProblem(name: string): string | undefined {
  return name.length <= 256 && PYPI_NAME.test(name) ? undefined : 'not a Python distribution name (PEP 508)'
}

/** PEP 440, as pip reads versions since 24.1 (legacy, non-PEP 440 versions are no longer installed). */
function pypiVersionProblem(version: string): string | undefined {
  return version.length <= 256 && version.trim() === version && pep440Scheme.isValid(version)
    ? undefined
    : 'not a Python version (PEP 440)'
}

/** crates.io's names: ASCII letters, digits, `-` and `_`, starting with a letter, at most 64 characters. */
const CRATE_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/

export function cargoNameProblem(name: string): string | undefined {
  return CRATE_NAME.test(name) ? undefined : 'not a crate name (crates.io: ASCII letters, digits, - and _, at most 64)'
}

/** SemVer 2.0.0, as crates.io and Cargo require (MAJOR.MINOR.PATCH, no leading zeros). */
function cargoVersionProblem(version: string): string | undefined {
  return version.length <= 256 && cargoScheme.isValid(version) ? undefined : 'not a crate version (SemVer 2.0.0)'
}

/** Maven's `groupId:artifactId` (the purl's namespace and name): each the characters Maven's repositories allow. */
const MAVEN_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,199}:[A-Za-z0-9_][A-Za-z0-9_.-]{0,199}$/

function mavenNameProblem(name: string): string | undefined {
  return MAVEN_NAME.test(name) && !name.includes('..') ? undefined : 'not a Maven groupId:artifactId'
}

/**
 * Go module paths (go.dev/ref/mod#go-mod-file-ident): ASCII letters, digits and `-._~`, elements joined by `/`, none
 * empty or dots only, the first with a dot (a domain name) and at least two elements, at most 500 characters; case
 * is significant.
 */
const GO_MODULE_PATH = /^[A-Za-z0-9-]+\.[A-Za-z0-9.-]+(?:\/[A-Za-z0-9._~-]+)+$/

export function golangNameProblem(path: string): string | undefined {
  return path.length <= 500 && GO_MODULE_PATH.test(path) && !path.split('/').some((e) => /^\.+$/.test(e))
    ? undefined
    : 'not a Go module path (a domain name, then path elements of letters, digits and -._~)'
}

const NAME_RULES: Record<string, (name: string) => string | undefined> = {
  npm: npmNameProblem,
  deb: debianNameProblem,
  pypi: pypiNameProblem,
  cargo: cargoNameProblem,
  maven: mavenNameProblem,
  golang: golangNameProblem,
}
const VERSION_RULES: Record<string, (version: string) => string | undefined> = {
  npm: npmVersionProblem,
  deb: debianVersionProblem,
  pypi: pypiVersionProblem,
  cargo: cargoVersionProblem,
}

/** Why an ecosystem refuses this package name (for npm: `@scope/name`; for deb: the name without `debian/`). */
/**
 * A purl's namespace and name as its ecosystem spells the name its rule checks: npm's `@scope/name`, a Go module's
 * path, Maven's `groupId:artifactId`; elsewhere (Debian's namespace is the distribution) the name alone.
 */
export function ecosystemName(purlType: string, namespace: string, name: string): string {
  if (namespace === '') return name
  if (purlType === 'npm' || purlType === 'golang') return `${namespace}/${name}`
  return purlType === 'maven' ? `${namespace}:${name}` : name
}

export function nameProblem(purlType: string, name: string): string | undefined {
  return NAME_RULES[purlType]?.(name)
}

/** Why an ecosystem refuses this version string; types without rules here accept any. */
export function versionProblem(purlType: string, version: string): string | undefined {
  return VERSION_RULES[purlType]?.(version)
}

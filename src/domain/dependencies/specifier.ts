// What an npm dependency specifier points at (after npm-package-arg's classification): a registry package with a
// range or dist-tag (possibly through an `npm:` alias), or something outside the registry that compintel reports
// but cannot follow (git, a URL, a local path, a workspace link).
import { canonicalPurl } from '../shared/purl.ts'

export type Specifier =
  | {
      kind: 'registry'
      /** The package installed: the dependency's own name, or the alias target. */
      name: string
      /** A semver range (`^1.2.0`, `1.x || >=3`, `1.2.3`) or a dist-tag (`latest`, `next`); '' = the `latest` tag. */
      range: string
    }
  | { kind: 'git' | 'url' | 'file' | 'workspace'; name: string }

const GIT = /^(git\+|git:\/\/|git@|github:|gitlab:|bitbucket:|gist:)/i
const URL = /^https?:\/\//i
const FILE = /^(file:|\.\.?(\/|$)|\/|~\/)|\.(tgz|tar\.gz|tar)$/i
const WORKSPACE = /^(workspace:|link:|portal:|patch:)/i

/** Classifies `requirement` as declared for dependency `name` in a package.json. */
export function classifySpecifier(name: string, requirement: string): Specifier {
  const spec = requirement.trim()
  if (/^npm:/i.test(spec)) {
    const target = spec.slice(4)
    // `npm:@scope/pkg@^1`, `npm:pkg@1.2.3`, `npm:pkg` (the `latest` tag)
    const at = target.indexOf('@', 1)
    const aliased = at === -1 ? target : target.slice(0, at)
    if (aliased === '' || aliased.includes(':')) return { kind: 'url', name }
    return { kind: 'registry', name: aliased, range: at === -1 ? '' : target.slice(at + 1).trim() }
  }
  if (GIT.test(spec)) return { kind: 'git', name }
  if (URL.test(spec)) return { kind: /\.git(#.*)?$/i.test(spec) ? 'git' : 'url', name }
  if (WORKSPACE.test(spec)) return { kind: 'workspace', name }
  if (FILE.test(spec)) return { kind: 'file', name }
  // `owner/repo` and `owner/repo#ref` are GitHub shorthands; a semver range never holds a slash.
  if (spec.includes('/')) return { kind: 'git', name }
  return { kind: 'registry', name, range: spec }
}

/** pkg:npm/name, or pkg:npm/%40scope/name for a scoped package (the form the KB's components use). */
export function npmPurl(name: string): string {
  const scoped = /^(@[^/]+)\/(.+)$/.exec(name)
  return canonicalPurl(
    scoped ? { type: 'npm', namespace: scoped[1] as string, name: scoped[2] as string } : { type: 'npm', name },
  )
}

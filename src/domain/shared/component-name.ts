// How every answer names a component (docs/api-behaviour.md "Component names"): one rule for the engine scan, search,
// versions, status, dependencies, the folder-hash scan and the SBOMs. `component` (and `name`, its non-deprecated
// twin) is the package's own name as its ecosystem writes it, the reference's `projects.component`: `openssl` for
// pkg:deb/debian/openssl, `scanner.c` for pkg:github/scanoss/scanner.c, and for npm the whole package name, scope
// included (`@babel/core`), since that is the name npm itself knows the package by. `vendor` is the purl's namespace
// (the npm scope without its `@`, the GitHub owner, the distribution `debian`), else the name itself.
import { type Purl, tryParsePurl } from './purl.ts'

export interface ComponentNames {
  vendor: string
  component: string
}

type PurlParts = Pick<Purl, 'type' | 'namespace' | 'name'>

/** The names of a component, from its purl (a string, with or without a version, or its parts); '' for a bad purl. */
export function componentNames(purl: string | PurlParts): ComponentNames {
  const p = typeof purl === 'string' ? tryParsePurl(purl) : purl
  if (!p) return { vendor: '', component: '' }
  const namespace = p.namespace ?? ''
  const component = p.type === 'npm' && namespace !== '' ? `${namespace}/${p.name}` : p.name
  const vendor = namespace === '' ? p.name : namespace.replace(/^@/, '')
  return { vendor, component }
}

// `compintel sbom from <package-lock.json>` (docs/sbom.md "A BOM from a lockfile"): a CycloneDX 1.6 BOM of the
// project a package-lock.json (v2/v3) describes. The root package is metadata.component; every installed package
// with a registry version is a library component (its lockfile path as bom-ref, its purl, its integrity as a hash);
// dependencies are resolved as npm resolves them: the nearest node_modules folder up the package's path.
import { sriHashes } from './hashes.ts'
import { readSbomDocument, SbomInputError } from './read-input.ts'

type Json = Record<string, unknown>

export interface LockfileBomOptions {
  toolVersion: string
  serialNumber: string
  timestamp: string
}

/** Throws SbomInputError when the lockfile cannot be read (the same rules as an enrichment's input). */
export function lockfileBom(lock: unknown, o: LockfileBomOptions): Json {
  const input = readSbomDocument(lock)
  if (input.format !== 'package-lock') throw new SbomInputError(`A ${input.format} document, not a package-lock.json`)
  const packages = (lock as { packages: Record<string, Json> }).packages
  const root = packages[''] ?? {}
  const rootName = typeof (lock as Json).name === 'string' ? String((lock as Json).name) : 'project'
  const listed = new Set(input.components.map((c) => c.ref))
  const components = input.components.map((c) => {
    const entry = packages[c.ref] as Json
    const at = c.ref.lastIndexOf('node_modules/')
    return {
      type: 'library',
      'bom-ref': c.ref,
      name: typeof entry.name === 'string' ? entry.name : c.ref.slice(at + 'node_modules/'.length),
      version: c.version,
      purl: c.purl,
      ...hashes(sriHashes(entry.integrity)),
      // as npm's own CycloneDX writer: development and optional packages are not required at run time
      scope: entry.dev === true || entry.optional === true || entry.devOptional === true ? 'optional' : 'required',
    }
  })
  const dependencies = ['', ...listed].map((path) => ({
    ref: path === '' ? 'root' : path,
    dependsOn: [...new Set(requiredNames(packages[path] ?? {}).flatMap((n) => resolve(packages, path, n, listed)))],
  }))
  const version = typeof root.version === 'string' ? { version: root.version } : {}
  return { ...bomOf({ name: rootName, ...version }, components, o), dependencies }
}

/** A CycloneDX 1.6 BOM of a project (its root component `root`) and its components, made by compintel now. */
export function bomOf(project: { name: string; version?: string }, components: Json[], o: LockfileBomOptions): Json {
  return {
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    serialNumber: o.serialNumber,
    version: 1,
    metadata: {
      timestamp: o.timestamp,
      tools: { components: [{ type: 'application', name: 'compintel', version: o.toolVersion }] },
      component: { type: 'application', 'bom-ref': 'root', ...project },
    },
    components,
  }
}

function requiredNames(entry: Json): string[] {
  const fields = ['dependencies', 'optionalDependencies', 'devDependencies', 'peerDependencies']
  return fields.flatMap((f) => (isObject(entry[f]) ? Object.keys(entry[f] as Json) : []))
}

/** The path npm loads `name` from for the package at `from`: its own node_modules, then each parent's, then the top. */
function resolve(packages: Record<string, Json>, from: string, name: string, listed: Set<string>): string[] {
  let base = from
  for (;;) {
    const candidate = `${base === '' ? '' : `${base}/`}node_modules/${name}`
    if (packages[candidate]) return listed.has(candidate) ? [candidate] : []
    if (base === '') return []
    const up = base.lastIndexOf('/node_modules/')
    base = up < 0 ? '' : base.slice(0, up)
  }
}

const hashes = (list: unknown[]) => (list.length > 0 ? { hashes: list } : {})

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

// Maven artifacts as a Debian Java library package ships them (docs/maven.md "From Debian"): POMs and jars under
// usr/share/maven-repo/<group path>/<artifact>/<version>/ (the jar a symbolic link into usr/share/java/), plus Debian's
// own `debian` (and `<n>.x`) version folders its other packages' POMs point to. Only those two folders are unpacked
// from the .deb (regular files; links recorded, never written), bounded in bytes (deb-crate.ts unpackDebPaths).
import { existsSync, lstatSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { UpstreamRefused } from '../../ingest/failure.ts'
import { unpackDebPaths } from '../cargo/deb-crate.ts'

const MAVEN_REPO = 'usr/share/maven-repo'
const JAVA = 'usr/share/java'
const MAX_POM = 2 * 1024 * 1024

export interface DebMavenTree {
  /** The unpacked root (paths as under /). */
  root: string
  /** The links of the maven-repo folder: path → the path it points to (resolved, relative to the root). */
  links: Map<string, string>
}

export async function unpackDebMaven(debFile: string, into: string, maxBytes: number): Promise<DebMavenTree> {
  const links = new Map<string, string>()
  await unpackDebPaths(debFile, into, maxBytes, [`${MAVEN_REPO}/`, `${JAVA}/`], (p, target) => {
    const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(p), target))
    if (resolved.startsWith(`${JAVA}/`) || resolved.startsWith(`${MAVEN_REPO}/`)) links.set(p, resolved)
  })
  return { root: into, links }
}

/** The folder of an artifact's version in the tree (relative). */
function versionFolder(groupId: string, artifactId: string, version: string): string {
  return `${MAVEN_REPO}/${groupId.split('.').join('/')}/${artifactId}/${version}`
}

/** The POM of these coordinates in the tree, or undefined. */
export function pomIn(tree: DebMavenTree, groupId: string, artifactId: string, version: string): string | undefined {
  const rel = `${versionFolder(groupId, artifactId, version)}/${artifactId}-${version}.pom`
  const file = path.join(tree.root, rel)
  if (!existsSync(file) || !lstatSync(file).isFile()) return undefined
  if (lstatSync(file).size > MAX_POM) throw new UpstreamRefused('size', `${rel} larger than ${MAX_POM} bytes`)
  return readFileSync(file, 'utf8')
}

/** The jar (or `-sources.jar` with that classifier) of these coordinates: its file in the tree, or undefined. */
export function jarIn(
  tree: DebMavenTree,
  groupId: string,
  artifactId: string,
  version: string,
  classifier?: string,
): string | undefined {
  const rel = `${versionFolder(groupId, artifactId, version)}/${artifactId}-${version}${classifier ? `-${classifier}` : ''}.jar`
  let target = rel
  for (let hops = 0; hops < 8 && tree.links.has(target); hops++) target = tree.links.get(target) as string
  const file = path.join(tree.root, target)
  return existsSync(file) && lstatSync(file).isFile() ? file : undefined
}

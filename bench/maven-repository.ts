// A Maven repository on 127.0.0.1 made of Debian's real artifacts, for `bench/coverage.ts --maven-repository debian`
// (docs/benchmarks.md): the Debian Java library packages holding the artifacts asked are found by the Contents index
// the product parses (docs/maven.md "From Debian"), downloaded through the project's own apt configuration
// (`debianArchive`, the .debs kept in the user's cache folder, `compintel-maven-bench/debs`), and their
// usr/share/maven-repo trees unpacked (`unpackDebMaven`) into a temporary folder; the packages holding the parents and
// imported BOMs their POMs name are added, up to a bound. The server speaks Maven's default layout: the POMs and jars
// (and any -sources.jar) exactly as Debian ships them, Debian's `debian`/`<n>.x` alias folders served (its POMs'
// parents point there) but not listed; **each artifact's maven-metadata.xml and every checksum file are generated here
// from the files Debian ships** (the versions listed are the folders Debian ships, Debian's versions, often not the
// ones a project pins; lastUpdated the newest POM's date in the .deb), as a repository writes them at deploy time.
import { createHash } from 'node:crypto'
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { homedir, tmpdir } from 'node:os'
import path from 'node:path'
import type { DebianConfig } from '../src/config/growth.ts'
import { parsePom } from '../src/domain/maven/pom.ts'
import { mavenScheme } from '../src/domain/shared/versions/maven.ts'
import { libraryOfPath } from '../src/sources/debian/contents.ts'
import { debianArchive } from '../src/sources/debian/debian-units.ts'
import { parseIndexes } from '../src/sources/debian/suite-indexes.ts'
import { type DebMavenTree, unpackDebMaven } from '../src/sources/maven/deb-maven.ts'

const REPO = 'usr/share/maven-repo/'

export interface DebianMavenRepository {
  /** The repository's URL (`http://127.0.0.1:<port>/debian/`). */
  url: string
  /** A Maven settings.xml whose one repository is this one (the product's MAVEN_SETTINGS). */
  settingsFile: string
  /** What was built: packages read, artifacts and versions listed, the asked artifacts no package ships. */
  summary: string
  close(): Promise<void>
}

/** Builds and serves the repository of `names` (`groupId:artifactId`), at most `maxPackages` Debian packages read. */
export async function debianMavenRepository(
  names: readonly string[],
  debian: DebianConfig,
  o: { maxPackages: number; maxUnpackedBytes: number },
): Promise<DebianMavenRepository> {
  const archive = debianArchive(debian)
  await archive.update()
  const indexes = await parseIndexes(archive)
  const debs = path.join(process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'compintel-maven-bench', 'debs')
  const work = mkdtempSync(path.join(tmpdir(), 'compintel-maven-repo-'))
  const served = new Map<string, string>() // path under the repository → the unpacked file
  const pending = [...names]
  const looked = new Set<string>()
  const packages = new Set<string>()
  const missing: string[] = []
  let unpacked = 0
  while (pending.length > 0 && packages.size < o.maxPackages) {
    const name = pending.shift() as string
    if (looked.has(name.toLowerCase())) continue
    looked.add(name.toLowerCase())
    const found = [...new Set(indexes.repackaged.find('maven', name).map((e) => e.package))]
    if (found.length === 0 && names.includes(name)) missing.push(name)
    for (const pkg of found.filter((p) => !packages.has(p)).slice(0, o.maxPackages - packages.size)) {
      packages.add(pkg)
      const records = [...(indexes.packages.get(pkg) ?? [])].reverse() // newest first: its files win
      const files = await archive.downloadDebs(records, debs)
      for (const r of records) {
        const file = files.get(`${r.name}=${r.version}`)
        if (!file) continue
        const into = path.join(work, String(unpacked++))
        mkdirSync(into)
        for (const [rel, abs] of mavenFiles(await unpackDebMaven(file, into, o.maxUnpackedBytes))) {
          if (served.has(rel)) continue
          served.set(rel, abs)
          if (rel.endsWith('.pom')) pending.push(...pomsNamed(abs))
        }
      }
    }
  }
  const metadata = metadataOf(served)
  const server = http.createServer((req, res) => {
    const asked = new URL(req.url ?? '/', 'http://127.0.0.1').pathname // percent-encoded: no name here needs it
    if (!asked.startsWith('/debian/')) return void res.writeHead(404).end()
    const rel = asked.slice('/debian/'.length)
    const sum = /^(.*)\.(sha512|sha256|sha1|md5)$/.exec(rel)
    const target = sum?.[1] ?? rel
    const file = served.get(target)
    const doc = metadata.get(target)
    if ((!file && !doc) || rel.split('/').includes('..')) return void res.writeHead(404).end()
    const bytes = doc ?? readFileSync(file as string)
    const body = sum
      ? Buffer.from(
          createHash(sum[2] as string)
            .update(bytes)
            .digest('hex'),
        )
      : bytes
    const modified = file ? { 'last-modified': statSync(file).mtime.toUTCString() } : {}
    res.writeHead(200, { 'content-length': body.length, ...modified }).end(req.method === 'HEAD' ? undefined : body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/debian/`
  const settingsFile = path.join(work, 'settings.xml')
  writeFileSync(settingsFile, settingsXml(url))
  const versions = [...metadata.values()].reduce((n, d) => n + (d.toString().match(/<version>/g)?.length ?? 0), 0)
  const summary = [
    `Maven repository ${url}: ${packages.size} Debian packages (bound ${o.maxPackages}), ${served.size} files as Debian ships them,`,
    `${metadata.size} artifacts and ${versions} versions listed; maven-metadata.xml and checksums generated from those files`,
    `asked artifacts no Debian package ships (${missing.length}): ${missing.join(' ') || 'none'}`,
  ].join('\n')
  return {
    url,
    settingsFile,
    summary,
    async close() {
      await new Promise((resolve) => server.close(resolve))
      rmSync(work, { recursive: true, force: true })
    },
  }
}

/** The maven-repo files of an unpacked tree, by path under the repository: regular files and links to them. */
function mavenFiles(tree: DebMavenTree): Map<string, string> {
  const out = new Map<string, string>()
  const walk = (dir: string): void => {
    for (const f of readdirSync(path.join(tree.root, dir))) {
      const rel = `${dir}/${f}`
      const stat = lstatSync(path.join(tree.root, rel))
      if (stat.isDirectory()) walk(rel)
      else if (stat.isFile()) out.set(rel.slice(REPO.length), path.join(tree.root, rel))
    }
  }
  if (statSync(path.join(tree.root, REPO), { throwIfNoEntry: false })?.isDirectory()) walk(REPO.slice(0, -1))
  for (const [link] of tree.links) {
    let target = link
    for (let hops = 0; hops < 8 && tree.links.has(target); hops++) target = tree.links.get(target) as string
    const file = path.join(tree.root, target)
    if (link.startsWith(REPO) && lstatSync(file, { throwIfNoEntry: false })?.isFile())
      out.set(link.slice(REPO.length), file)
  }
  return out
}

/** The artifacts a POM needs from elsewhere to build its effective model: its parent, the BOMs it imports. */
function pomsNamed(file: string): string[] {
  try {
    const pom = parsePom(readFileSync(file, 'utf8'))
    const boms = pom.managed.filter((d) => d.type === 'pom' && d.scope === 'import')
    return [...(pom.parent ? [pom.parent] : []), ...boms].map((c) => `${c.groupId}:${c.artifactId}`)
  } catch {
    return [] // the product refuses it in its turn, and says why
  }
}

/** Each artifact's maven-metadata.xml: the versions whose POM Debian ships, its aliases left out (as the Contents
 * index reads them, libraryOfPath), in Maven's order; lastUpdated the newest of those POMs' dates. */
function metadataOf(served: Map<string, string>): Map<string, Buffer> {
  const byArtifact = new Map<string, { groupId: string; artifactId: string; versions: string[]; updated: number }>()
  for (const [rel, file] of served) {
    const found = libraryOfPath(`${REPO}${rel}`)
    if (typeof found !== 'object') continue
    const [groupId = '', artifactId = ''] = found.name.split(':')
    const dir = rel.split('/').slice(0, -2).join('/')
    const a = byArtifact.get(dir) ?? { groupId, artifactId, versions: [], updated: 0 }
    byArtifact.set(dir, a)
    a.versions.push(found.version)
    a.updated = Math.max(a.updated, statSync(file).mtimeMs)
  }
  const out = new Map<string, Buffer>()
  for (const [dir, a] of byArtifact) {
    const versions = [...new Set(a.versions)].sort((x, y) => mavenScheme.compare(x, y))
    const release = versions.filter((v) => !v.endsWith('-SNAPSHOT')).at(-1)
    const updated = new Date(a.updated).toISOString().replace(/\D/g, '').slice(0, 14)
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<metadata><groupId>${a.groupId}</groupId><artifactId>${a.artifactId}</artifactId><versioning>`,
      `<latest>${versions.at(-1)}</latest>${release ? `<release>${release}</release>` : ''}<versions>`,
      ...versions.map((v) => `<version>${v}</version>`),
      `</versions><lastUpdated>${updated}</lastUpdated></versioning></metadata>`,
    ]
    out.set(`${dir}/maven-metadata.xml`, Buffer.from(`${xml.join('\n')}\n`))
  }
  return out
}

/**
 * A user's settings.xml naming this repository (docs/registries.md "Which repository"): a profile's repository, active,
 * with snapshots enabled — Debian ships some libraries only as a `-SNAPSHOT` folder (jsr305, reflections) — and
 * central not mirrored, so not read.
 */
function settingsXml(url: string): string {
  return `<settings>
  <profiles>
    <profile>
      <id>debian-bench</id>
      <repositories>
        <repository>
          <id>debian-bench</id>
          <url>${url}</url>
          <releases><enabled>true</enabled></releases>
          <snapshots><enabled>true</enabled></snapshots>
        </repository>
      </repositories>
    </profile>
  </profiles>
  <activeProfiles><activeProfile>debian-bench</activeProfile></activeProfiles>
</settings>
`
}

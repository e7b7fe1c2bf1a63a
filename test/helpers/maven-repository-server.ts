// A FIXTURE Maven repository on 127.0.0.1 serving the default layout under any first path segment (`/<repo>/…`, so
// one server stands for several repositories and mirrors): commons-lang3 3.12.0, commons-parent 56 and ST4 4.0.8 from Debian's
// maven-repo tree (test/fixtures/maven-repository: the POMs as Debian ships them, with the `debian` parents they name, a jar of files taken from Debian's
// commons-lang3.jar), maven-metadata.xml and checksum files built for them as a repository builds them at deploy time,
// and a SNAPSHOT with timestamped files. Made up (FIXTURE): the SNAPSHOT version and its builds, the dates, the
// sources jar (Debian ships none: the jar's own text files), and the switches below.
import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type FixtureServer, startFixtureServer } from './index-fixtures.ts'
import { writeZip } from './zip.ts'

const DIR = path.join(import.meta.dirname, '..', 'fixtures', 'maven-repository')
export const LAST_MODIFIED = 'Tue, 02 Mar 2021 10:00:00 GMT' // FIXTURE
export const SNAPSHOT = '3.13.0-SNAPSHOT' // FIXTURE
export const SNAPSHOT_BUILD = '3.13.0-20240102.030405-2' // FIXTURE
const LANG3 = 'org/apache/commons/commons-lang3'
const PARENT = 'org/apache/commons/commons-parent'
const ALGORITHMS = ['sha512', 'sha256', 'sha1', 'md5'] as const

export interface MavenSwitches {
  /** The checksum files published beside every file. */
  checksums: (typeof ALGORITHMS)[number][]
  /** Files (paths under the repository) whose bytes differ from their checksums. */
  corrupt: Set<string>
  /** Requests without this Authorization header get 401. */
  requireAuth: string | undefined
  /** Requests without this header and value get 401. */
  requireHeader: [string, string] | undefined
  /** Only these first path segments are repositories (undefined: any). */
  repositories: Set<string> | undefined
}

export interface MavenRepositoryServer extends FixtureServer {
  /** `<origin>/<name>/`, a repository URL as a user configures it. */
  url(name: string): string
  /** The files served, by path under a repository. */
  files: Map<string, Buffer>
  switches: MavenSwitches
}

export async function startMavenRepositoryServer(): Promise<MavenRepositoryServer> {
  const files = new Map<string, Buffer>()
  const lang3Pom = readFileSync(path.join(DIR, 'commons-lang3-3.12.0.pom'))
  const jar = jarOf(path.join(DIR, 'jar'), () => true)
  const sources = jarOf(path.join(DIR, 'jar'), (f) => /\.(txt|MF|properties)$/.test(f))
  files.set(`${LANG3}/maven-metadata.xml`, artifactMetadata('commons-lang3', ['3.12.0', SNAPSHOT], '3.12.0'))
  files.set(`${LANG3}/3.12.0/commons-lang3-3.12.0.pom`, lang3Pom)
  files.set(`${LANG3}/3.12.0/commons-lang3-3.12.0.jar`, jar)
  files.set(`${LANG3}/3.12.0/commons-lang3-3.12.0-sources.jar`, sources)
  files.set(`${LANG3}/${SNAPSHOT}/maven-metadata.xml`, snapshotMetadata())
  const snapshotPom = lang3Pom.toString('utf8').replace('<version>3.12.0</version>', `<version>${SNAPSHOT}</version>`)
  files.set(`${LANG3}/${SNAPSHOT}/commons-lang3-${SNAPSHOT_BUILD}.pom`, Buffer.from(snapshotPom))
  files.set(`${LANG3}/${SNAPSHOT}/commons-lang3-${SNAPSHOT_BUILD}.jar`, jar)
  files.set(`${PARENT}/maven-metadata.xml`, artifactMetadata('commons-parent', ['56'], '56'))
  files.set(`${PARENT}/56/commons-parent-56.pom`, readFileSync(path.join(DIR, 'commons-parent-56.pom')))
  // the parents Debian's POMs name (version `debian`), as its packages ship them
  files.set(`${PARENT}/debian/commons-parent-debian.pom`, readFileSync(path.join(DIR, 'commons-parent-debian.pom')))
  files.set('org/apache/apache/debian/apache-debian.pom', readFileSync(path.join(DIR, 'apache-debian.pom')))
  // an artifactId with capitals (paths are case-sensitive): Debian's ST4 POM, no parent
  files.set('org/antlr/ST4/maven-metadata.xml', artifactMetadata('ST4', ['4.0.8'], '4.0.8', 'org.antlr'))
  files.set('org/antlr/ST4/4.0.8/ST4-4.0.8.pom', readFileSync(path.join(DIR, 'ST4-4.0.8.pom')))

  const switches: MavenSwitches = {
    checksums: ['sha256', 'sha1'],
    corrupt: new Set(),
    requireAuth: undefined,
    requireHeader: undefined,
    repositories: undefined,
  }
  const server = await startFixtureServer((req, res) => {
    const [, repo = '', ...rest] = (req.url ?? '').split('?')[0]?.split('/') ?? []
    if (switches.repositories && !switches.repositories.has(repo)) return false
    const [hName, hValue] = switches.requireHeader ?? []
    if (
      (switches.requireAuth && req.headers.authorization !== switches.requireAuth) ||
      (hName && req.headers[hName.toLowerCase()] !== hValue)
    ) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="fixture"' }).end()
      return true
    }
    const file = rest.join('/')
    const checksum = /^(.*)\.(sha512|sha256|sha1|md5)$/.exec(file)
    const target = files.get(checksum?.[1] ?? file)
    if (!target) return false
    let body: Buffer
    if (checksum) {
      if (!switches.checksums.includes(checksum[2] as (typeof ALGORITHMS)[number])) return false
      body = Buffer.from(
        createHash(checksum[2] as string)
          .update(target)
          .digest('hex'),
      )
    } else body = switches.corrupt.has(file) ? Buffer.concat([target, Buffer.from('\n')]) : target
    res.writeHead(200, { 'content-length': body.length, 'last-modified': LAST_MODIFIED }).end(body)
    return true
  })
  return { ...server, url: (name) => `${server.origin}/${name}/`, files, switches }
}

/** The artifact-level maven-metadata.xml a repository writes (lastUpdated: FIXTURE). */
function artifactMetadata(
  artifactId: string,
  versions: string[],
  release: string,
  groupId = 'org.apache.commons',
): Buffer {
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<metadata>
  <groupId>${groupId}</groupId>
  <artifactId>${artifactId}</artifactId>
  <versioning>
    <latest>${versions.at(-1)}</latest>
    <release>${release}</release>
    <versions>
${versions.map((v) => `      <version>${v}</version>`).join('\n')}
    </versions>
    <lastUpdated>20210302100000</lastUpdated>
  </versioning>
</metadata>
`)
}

/** A SNAPSHOT's maven-metadata.xml (Maven 3's, with snapshotVersions), FIXTURE builds. */
function snapshotMetadata(): Buffer {
  const [, timestamp, build] = /-(\d{8}\.\d{6})-(\d+)$/.exec(SNAPSHOT_BUILD) ?? []
  const entry = (extension: string) =>
    `      <snapshotVersion><extension>${extension}</extension><value>${SNAPSHOT_BUILD}</value><updated>20240102030405</updated></snapshotVersion>`
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<metadata modelVersion="1.1.0">
  <groupId>org.apache.commons</groupId>
  <artifactId>commons-lang3</artifactId>
  <version>${SNAPSHOT}</version>
  <versioning>
    <snapshot><timestamp>${timestamp}</timestamp><buildNumber>${build}</buildNumber></snapshot>
    <lastUpdated>20240102030405</lastUpdated>
    <snapshotVersions>
${entry('pom')}
${entry('jar')}
    </snapshotVersions>
  </versioning>
</metadata>
`)
}

/** A jar (a zip) of the files under `dir` that `keep` takes. */
function jarOf(dir: string, keep: (file: string) => boolean): Buffer {
  const walk = (d: string): string[] =>
    readdirSync(d).flatMap((f) => (statSync(path.join(d, f)).isDirectory() ? walk(path.join(d, f)) : [path.join(d, f)]))
  const entries = walk(dir)
    .filter(keep)
    .sort()
    .map((f) => ({ name: path.relative(dir, f).split(path.sep).join('/'), data: readFileSync(f) }))
  const tmp = mkdtempSync(path.join(tmpdir(), 'ci-jar-'))
  try {
    writeZip(path.join(tmp, 'a.jar'), entries)
    return readFileSync(path.join(tmp, 'a.jar'))
  } finally {
    rmSync(tmp, { recursive: true, force: true })
  }
}
